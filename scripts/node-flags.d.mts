export declare const serverNodeFlags: string[];
export declare const serverEnvironment: Record<string, string>;

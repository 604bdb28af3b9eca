export declare const subjectMaxLength: number;
export declare const lastCommitBeforeRule: string;
export declare function commitMessageProblems(message: string): string[];

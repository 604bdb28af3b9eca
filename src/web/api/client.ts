/**
 * The one way the web app talks to the API: cookies always sent, JSON in and out, and any non-OK answer
 * turned into an ApiError whose message is 'status: body' (public-area.md section 7).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The Russian `message` the server put in the body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // not JSON: no server message
    }
    return undefined;
  }
}

/** Sends one request to the API and gives its response: the browser's fetch, unless replaced. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** The server, rendering a page, answers the app's requests itself, without a socket. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

async function apiRequestWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: T; headers: Headers }> {
  const response = await transport(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const text = response.status === 204 ? '' : await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, body)).data;
}

/** A page of a list: the answer's items and the X-Total-Count header's count of them all. */
export interface CountedPage<T> {
  items: T[];
  totalCount: number;
}

/** GETs a page of a list, which the API answers as an array with its total in X-Total-Count. */
export async function fetchCountedPage<T>(path: string): Promise<CountedPage<T>> {
  const { data, headers } = await apiRequestWithHeaders<T[]>('GET', path);
  return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? data.length) };
}

/** The text to show a person for a failed call: the server's message, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) return 'Нет связи с сервером. Проверьте подключение к интернету';
  return fallback;
}

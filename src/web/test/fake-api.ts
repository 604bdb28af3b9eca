import { setApiTransport } from '../api/client';

/** An answer of the API: JSON with the given status and headers (no body for 204, as the server sends). */
export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The 404 the server gives a path it does not serve, the fake API's answer to anything unplanned. */
export function notFound(): Response {
  return jsonAnswer({ message: 'Не найдено' }, 404);
}

/** One request the app sent, as the fake API saw it. */
export interface AskedRequest {
  method: string;
  /** The path with its query string, as the app asked for it. */
  path: string;
  /** The parsed JSON body, or undefined for none. */
  body: unknown;
}

/** What the fake API answers a request with; undefined falls through to `notFound()`. */
export type FakeAnswer = (request: AskedRequest) => Response | undefined | Promise<Response | undefined>;

/**
 * Answers by method and path: a key is `'GET /api/profile'` (the path without its query string), its value
 * the JSON to answer with or a function of the request giving the answer.
 */
export type FakeRoutes = Record<string, unknown>;

function answerByRoute(routes: FakeRoutes): FakeAnswer {
  return (request) => {
    const key = `${request.method} ${request.path.split('?')[0]}`;
    if (!(key in routes)) return undefined;
    const route = routes[key];
    if (typeof route === 'function') return (route as FakeAnswer)(request);
    return jsonAnswer(route);
  };
}

/**
 * Replaces the API client's transport with one answering from `answer` (a function, or routes by method
 * and path) and recording every request, so a test can say what the page asked. `asked` holds each as
 * `'METHOD /path?query'`, the form the tests compare against; `requests` holds them with their bodies.
 */
export function fakeApi(answer: FakeAnswer | FakeRoutes): { asked: string[]; requests: AskedRequest[] } {
  const asked: string[] = [];
  const requests: AskedRequest[] = [];
  const respond = typeof answer === 'function' ? answer : answerByRoute(answer);
  setApiTransport(async (path, init) => {
    const method = init.method ?? 'GET';
    const request: AskedRequest = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    asked.push(`${method} ${path}`);
    requests.push(request);
    return (await respond(request)) ?? notFound();
  });
  return { asked, requests };
}

/** Puts the browser's fetch back, so no fake answer leaks into the next test. */
export function restoreApiTransport(): void {
  setApiTransport((path, init) => fetch(path, init));
}

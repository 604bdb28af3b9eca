import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { commonErrors } from '../../shared/errors';

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a stalled
 * request, bytes that are not HTTP) in the API's own shape: Russian `{ message }`, where Fastify's
 * default handler wrote English JSON of its own. As Node does, the connection is closed afterwards.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, commonErrors.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, commonErrors.requestTimeout]
        : [400, commonErrors.invalidInput];
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

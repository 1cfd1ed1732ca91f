import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerType } from '@hono/node-server';
import { HEAD_TOO_LARGE } from '../api/url-limit';

/** A whole HTTP/1.1 reply with a JSON `{ msg }` body, written straight to the socket. */
function jsonReply(status: number, reason: string, msg: string): string {
  const body = JSON.stringify({ msg });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's HTTP parser refuses some requests before the app sees them: a head
 * over its 16 KB (an address of about 20,000 characters: 431), or a request
 * it cannot parse (400). By default it answers those with an empty body and
 * no content type; every other refusal of ours is JSON with `msg`, so these
 * are too (decision 056). Timeouts keep Node's own 408.
 */
export function answerClientErrors(server: ServerType): void {
  (server as Server).on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.end(
      error.code === 'HPE_HEADER_OVERFLOW'
        ? jsonReply(431, 'Request Header Fields Too Large', HEAD_TOO_LARGE)
        : jsonReply(400, 'Bad Request', 'This request could not be read.'),
    );
  });
}

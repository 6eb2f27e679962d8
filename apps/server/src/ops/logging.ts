import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id arrives in (from a proxy or a client) and is returned in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming request id is kept only when it is short and plain: it goes into every log line of the request. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The request's id: the incoming X-Request-Id when it is one (1-128 letters, digits and . _ : @ / + = -),
 * so a proxy's id follows the request into these logs; otherwise a new UUID. Never a value that
 * could forge or break a log line (spaces, quotes, control characters) nor an unbounded one.
 */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS = [
  'password', 'pass', 'pwd', 'newpass', 'oldpass', 'token', 'secret', 'apiKey', 'accessKeyId', 'secretAccessKey',
  'authorization', 'cookie', 'set-cookie', 'xsrf', 'smsToken', 'reportingToken',
];

/**
 * pino's redaction for every logger of the server (the app's and the device side's): the request
 * headers that carry credentials, and any secret-named field at the top of a log object or one
 * level down (pino's paths take one `*` level; the request serializer, app.ts, already logs no
 * headers and a URL with its secrets blanked).
 */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]',
    ...SECRET_KEYS.flatMap((k) => [`["${k}"]`, `*["${k}"]`]),
  ],
  censor: '[redacted]',
};

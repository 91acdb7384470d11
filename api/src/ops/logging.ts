import type { FastifyServerOptions } from 'fastify';

/** Where a test reads the log lines (a Writable, or anything with write). */
export interface LogStream {
  write(line: string): void;
}

const CENSOR = '[redacted]';

/** Keys whose values are secrets, at the top of a logged object or in the objects code logs. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'adminPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'clientSecret', 'jwtSecret', 'secretAccessKey', 'smtpUrl', 'databaseUrl', 'redisUrl', 'metricsToken'];
const CONTAINERS = ['body', 'query', 'input', 'user', 'payment', 'options', 'settings', 'config', 'mail', 'app', 'ctx'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key'];
const headerPath = (h: string) => (h.includes('-') ? `headers["${h}"]` : `headers.${h}`);

/**
 * pino's redact paths. Mostly spelled out: each wildcard path costs ~0.5 µs on every log line
 * (measured: 87 of them made a request's line 25x slower), spelled-out ones next to nothing, so
 * only the commonest keys get one level of wildcard.
 */
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...CONTAINERS.flatMap((c) => SECRET_KEYS.map((k) => `${c}.${k}`)),
  ...['req', 'res', 'request', 'reply', 'response', 'error', 'err'].flatMap((c) => SECRET_HEADERS.map((h) => `${c}.${headerPath(h)}`)),
  ...SECRET_HEADERS.map(headerPath),
  '*.password',
  '*.token',
  '*.authorization',
];

/**
 * Secrets inside text, which redact cannot reach: credentials in a URL (SMTP_URL, DATABASE_URL,
 * REDIS_URL in an error message) and tokens in a query string (a password-reset page's link).
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, `$1${CENSOR}@`)
    .replace(/([?&](?:token|password|secret|access_token|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s]*/gi, `$1${CENSOR}`);
}

type ErrorLike = Error & Record<string, unknown>;

/** An error as a log line shows it (type, message, stack, code, own plain fields, cause), with secrets masked. */
function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (!(value instanceof Error)) return value;
  const e = value as ErrorLike;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error', message: maskSecrets(String(e.message)) };
  if (e.stack) out.stack = maskSecrets(e.stack);
  for (const [k, v] of Object.entries(e)) {
    if (k === 'message' || k === 'stack' || k === 'cause') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = typeof v === 'string' ? maskSecrets(v) : v;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with secrets in the URL masked. */
const serializeRequest = (req: LoggedRequest) => ({
  method: req.method,
  url: typeof req.url === 'string' ? maskSecrets(req.url) : req.url,
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/**
 * Fastify's logger: off (LOG=0, tests), or pino with every line of a request carrying its id
 * (Fastify's reqId), and secrets redacted (headers, password and token fields, credentials in URLs).
 */
export function loggerOptions(enabled: boolean, stream?: LogStream): FastifyServerOptions['logger'] {
  if (!enabled && !stream) return false;
  return {
    level: 'info',
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest, err: serializeError, error: serializeError, refundError: serializeError },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger'];
}

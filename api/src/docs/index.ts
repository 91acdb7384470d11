import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import { encoded, pickEncoding, type Compressible } from '../lib/compression.js';
import { MessageAnswer } from '@shop/contract';

// The API reference (issue 23): the OpenAPI document at /api/docs/json, generated from the endpoint
// map (@shop/contract, issue 35: the routes are registered from it with every answer's schema), and
// Scalar's page at /api/docs showing it, its script served by the API (no CDN).

const errorAnswer = { ...MessageAnswer, description: 'Refused; the message says why (400 invalid, 401 not signed in, 403 not allowed, 404 not found, 409 conflict, 429 too many)' };

interface RouteForDocs {
  schema?: FastifySchema & { hide?: boolean; response?: Record<string, unknown> };
  url: string;
}

/**
 * @fastify/swagger's transform: the { message } of a route's refusals is added to what the document
 * says of it (the error handler answers them; the route's schema names only its own answers).
 */
function documentAnswers({ schema, url }: RouteForDocs) {
  if (!schema || schema.hide) return { schema, url };
  const response: Record<string, unknown> = { ...schema.response };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) response['4xx'] = errorAnswer;
  return { schema: { ...schema, response }, url };
}

/**
 * Scalar's standalone browser bundle. Its Fastify plugin is an ES module, which the API's CommonJS
 * (and jest) cannot load; the bundle is read from that plugin's file in node_modules instead, where
 * it sits as one string literal. Read once, on the docs page's first visit.
 */
let scalar: (Compressible & { hash: string }) | null = null;
function scalarScript(): Compressible & { hash: string } {
  if (scalar) return scalar;
  const source = fs.readFileSync(require.resolve('@scalar/fastify-api-reference'), 'utf8');
  const marker = 'var standalone_default = ';
  const start = source.indexOf(marker);
  const end = source.indexOf(';\n', start);
  if (start < 0 || end < 0) throw new Error("Scalar's bundle was not found in @scalar/fastify-api-reference (has the package changed its layout?)");
  // A JavaScript string literal; as JSON once the control characters it holds raw are escaped.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those raw control characters are what this escapes
  const literal = source.slice(start + marker.length, end).replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const bytes = Buffer.from(JSON.parse(literal) as string);
  scalar = { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
  return scalar;
}

/** Scalar's settings: no fonts from its CDN, no telemetry, no AI agent or MCP buttons; the document from this API. */
const SCALAR_CONFIGURATION = {
  url: '/api/docs/json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page has no inline script: Scalar reads its settings from the data attributes of a script
 * element of a non-JavaScript type, which the browser never runs.
 */
const docsPage = (scriptUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Aurelia Jewels API reference</title>
</head>
<body>
<script id="api-reference" type="application/json" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="${scriptUrl}"></script>
</body>
</html>
`;

/**
 * The docs page's own policy, in place of the storefront's (app.ts): scripts from this origin only
 * (no payment provider's), the inline styles Scalar sets, and calls to this API alone (the document,
 * and the requests its "Test request" sends). No 'unsafe-eval': the one eval Scalar tries (zod probing
 * `Function('')` for its JIT) is refused, reported in the console, and zod works without it (checked
 * in Chromium: the page renders and browses with no other refusal and no request elsewhere).
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Swagger (before the routes, so it sees them all) and the docs routes. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Jewelry shop API', version: '1.0.0', description: 'Every call of SPEC §7, under /api. Errors answer { message }.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: documentAnswers as never,
  });
  const hidden = { schema: { hide: true } };
  app.get('/api/docs/json', hidden, async () => app.swagger());
  app.get('/api/docs', hidden, async (_req, reply) => {
    const { hash } = scalarScript();
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', DOCS_CSP).send(docsPage(`/api/docs/scalar.js?v=${hash}`));
  });
  // 4 MB of script, compressed once (~1 MB) and cached by the browser for good: its URL names its content.
  app.get('/api/docs/scalar.js', hidden, async (req, reply) => {
    const script = scalarScript();
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable').header('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], script.bytes.length);
    if (!encoding) return script.bytes;
    reply.header('Content-Encoding', encoding);
    return encoded(script, encoding);
  });
}

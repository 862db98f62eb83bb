import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Runs helmet once against a stand-in response and keeps the headers it would set. */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => {});
  return headers;
}

/**
 * The headers of a JSON answer under /api/v1 (OWASP REST Security Cheat Sheet, "Security headers"):
 * nothing may be loaded or framed on its account, it is never sniffed as another type, never read
 * cross-origin without CORS, and it sends no referrer. helmet's other headers (X-DNS-Prefetch-
 * Control, X-Download-Options, Origin-Agent-Cluster, X-XSS-Protection, ...) concern documents
 * (docs/security.md#headers).
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

/**
 * helmet's headers on every page and document; the short API set on JSON answers under /api/v1.
 * They depend only on configuration, so they are computed at start-up: per-request helmet
 * re-parses its directives and costs the hot path about a tenth of its throughput
 * (docs/benchmarks.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = computeSecurityHeaders(options);
  const jsonHeaders = apiHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/v1/') ? jsonHeaders : pageHeaders);
    done();
  });
}

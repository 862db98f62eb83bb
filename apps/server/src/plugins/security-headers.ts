import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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

export type ResponseHeaderOptions = {
  helmet: HelmetOptions;
  /** The one origin allowed to read answers cross-origin (PUBLIC_URL's). */
  corsOrigin: string;
  /** Answer headers a cross-origin script may read. */
  exposedHeaders: string[];
};

/**
 * The headers every answer carries: its X-Request-Id, helmet's headers (the short API set on JSON
 * answers under /api/v1), Cache-Control: no-store under /api, and CORS for a request from the
 * allowed origin (docs/security.md#headers). Called by an onRequest hook and by the router's own
 * refusals, which run no hook. Everything is computed at start-up from configuration: per request,
 * helmet re-parses its directives and @fastify/cors copies its options, and each cost the hot path
 * about a tenth of its throughput (docs/benchmarks.md#auth-twelfth). Preflights are still
 * answered by @fastify/cors (corsPreflights).
 */
export function responseHeaders(
  options: ResponseHeaderOptions,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const helmetHeaders = computeSecurityHeaders(options.helmet);
  // Answers differ by Origin (Access-Control-Allow-Origin), so every one says so.
  const corsHeaders = {
    vary: 'Origin',
    'access-control-expose-headers': options.exposedHeaders.join(', '),
  };
  const pageHeaders = { ...helmetHeaders, ...corsHeaders };
  // Answers about a session or its data are never kept by a browser or proxy cache (a route may
  // set its own Cache-Control over this).
  const noStore = { 'cache-control': 'no-store' };
  const jsonHeaders = { ...apiHeaders(helmetHeaders), ...corsHeaders, ...noStore };
  const apiPageHeaders = { ...pageHeaders, ...noStore };
  const { corsOrigin } = options;
  return (request, reply) => {
    reply.header('x-request-id', request.id);
    const { url } = request;
    reply.headers(
      url.startsWith('/api/v1/')
        ? jsonHeaders
        : url.startsWith('/api/')
          ? apiPageHeaders
          : pageHeaders,
    );
    if (request.headers.origin === corsOrigin)
      reply.header('access-control-allow-origin', corsOrigin);
  };
}

/**
 * Preflights (OPTIONS) answered by @fastify/cors, registered in a scope of its own so that its
 * hook runs on its OPTIONS route only: every other answer has its CORS headers from
 * responseHeaders.
 */
export function corsPreflights(
  options: Pick<ResponseHeaderOptions, 'corsOrigin' | 'exposedHeaders'>,
): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(cors, {
      origin: [options.corsOrigin],
      exposedHeaders: options.exposedHeaders,
      allowedHeaders: ['authid', 'content-type'],
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    });
  };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { actorContext } from './features/access/actor-service';
import { adminRoutes } from './features/admin/admin-routes';
import { type AuditExportCache, createAuditExportCache } from './features/audit/audit-export-cache';
import { auditRoutes } from './features/audit/audit-routes';
import type { AuthDeps } from './features/auth/auth-deps';
import { authRoutes } from './features/auth/auth-routes';
import { createSessionCache } from './features/auth/session-cache';
import { capFeature } from './features/cap/cap-feature';
import { companiesRoutes } from './features/companies/companies-routes';
import { crtFeature } from './features/crt/crt-feature';
import {
  loadSigningCredentials,
  type SigningCredentials,
} from './features/erase/erase-credentials';
import { eraseRoutes } from './features/erase/erase-routes';
import { modelsRoutes } from './features/models/models-routes';
import { signerFeature } from './features/signer/signer-feature';
import { systemRoutes, VERSION } from './features/system/system-routes';
import { signCapForCompany } from './features/uld-keys/uld-keys-service';
import { uploadsRoutes } from './features/uploads/uploads-routes';
import { usersRoutes } from './features/users/users-routes';
import type { SecretBox } from './lib/crypto';
import { fail } from './lib/errors';
import { createJobQueue, type JobQueue } from './lib/jobs/job-queue';
import { deleteDoneJobs } from './lib/jobs/jobs-repo';
import { scheduleRecurring } from './lib/jobs/schedule';
import type { Mailer } from './lib/mail/mailer';
import { createQueuedMailer, type QueuedMailer } from './lib/mail/queued-mailer';
import { createRateLimiter } from './lib/rate-limit';
import { deleteStaleUploads } from './lib/storage/blob-repo';
import { type BlobStore, createPgBlobStore } from './lib/storage/blob-store';
import { findUnstorableText } from './lib/text';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { type RouteEntry, requireAccessDeclarations } from './plugins/route-access';
import { corsPreflights, responseHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  box: SecretBox;
  clock?: () => Date;
  /** How often the jobs worker looks for due jobs besides being woken (default 1 s). */
  jobsPollMs?: number;
  /** No jobs worker on this node (a test that needs a still database; jobs still queue). */
  isJobsWorkerOff?: boolean;
  /** Token of the local admin commands (DATA_DIR/admin.token); unset: the admin routes are off. */
  adminToken?: string;
  logger?: FastifyServerOptions['logger'];
  /** The export text kept between audit exports (default: one of AUDIT_EXPORT_CACHE_BYTES). */
  auditExportCache?: AuditExportCache;
};

const API = '/api/v1';

const CLEANUP_JOB = 'jobs.cleanup';

/** Formatted export text kept per node: about 130,000 events' worth (docs/audit-export.md). */
const AUDIT_EXPORT_CACHE_BYTES = 64 * 1024 * 1024;

/** What a request id sent by a proxy may look like (UUIDs, hex, base64url). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs queue of this node (docs/architecture.md#jobs). */
    jobs: JobQueue;
    /** Files in PostgreSQL (docs/architecture.md#blob-storage). */
    blobs: BlobStore;
    /** Mail through the jobs queue. */
    mailer: QueuedMailer;
    /** Every API route with its access declaration (tests walk it). */
    accessTable: RouteEntry[];
  }
}

/** Plugins, then app plugins, then routes (fastify/demo's order). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const corsOrigin = new URL(config.publicUrl).origin;
  const exposedHeaders = ['authid', 'retry-after', 'x-request-id'];
  const setResponseHeaders = responseHeaders({
    helmet: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // WebAssembly only (not eval): the Signer hashes files with hash-wasm in a worker.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith('https://'),
    },
    corsOrigin,
    exposedHeaders,
  });
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request only when asked for (ACCESS_LOG=1 or LOG_LEVEL=debug).
    logController: new LogController({ disableRequestLogging: !config.isAccessLogOn }),
    // The router's own refusals (an id too long, a malformed URL) answer like any other error.
    frameworkErrors: (error, request, reply) => {
      setResponseHeaders(request, reply);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 'request.not_found');
      return sendError(reply, 'request.rejected');
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Every request's log lines carry its id (reqId), also answered as X-Request-Id. A proxy's
    // id is kept when it looks like one; anything else gets a fresh UUID.
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
  });
  // Hooks on every request take a callback, not a promise: one microtask less each on the hot
  // path (docs/benchmarks.md#auth-npm-run-bench----auth).
  app.addHook('onRequest', (request, reply, done) => {
    setResponseHeaders(request, reply);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const accessTable = requireAccessDeclarations(app);
  // Set when the server starts to close: /ready then answers 503 while requests in flight finish.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.decorate('accessTable', accessTable);

  // JSON only: an empty body is "no body"; anything but JSON answers 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body as string);
    } catch {
      return done(fail('request.invalid_json'), undefined);
    }
    const field = findUnstorableText(parsed);
    if (field !== null) return done(fail('request.invalid_text', { field }), undefined);
    done(null, parsed);
  });
  // Query strings and path ids too: no NUL, no lone surrogate anywhere in a request.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      findUnstorableText(request.query as unknown) ?? findUnstorableText(request.params as unknown);
    done(field === null ? undefined : fail('request.invalid_text', { field }));
  });

  await app.register(corsPreflights({ corsOrigin, exposedHeaders }));
  await app.register(swagger, {
    openapi: {
      info: { title: 'Terminal Key Console API', version: VERSION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { authid: { type: 'apiKey', in: 'header', name: 'Authid' } },
      },
      security: [{ authid: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const database = deps.database;
  const metrics = createMetrics(database, config.metricsToken !== undefined);
  registerMetrics(app, metrics);
  const queue = createJobQueue({
    onFinished: metrics.jobFinished,
    database,
    box: deps.box,
    clock,
    pollMs: deps.jobsPollMs,
    log: (line) => app.log.warn(line),
  });
  app.decorate('jobs', queue);
  // Mail leaves through the queue: retried when SMTP fails, never waited for by a request.
  const mailer = createQueuedMailer({ db: database.db, queue, transport: deps.mailer });
  app.decorate('mailer', mailer);
  queue.handle(CLEANUP_JOB, async () => {
    await deleteDoneJobs(database.db, new Date(clock().getTime() - 7 * 24 * 3600_000));
    // Uploads started a day ago and never finished are orphans.
    await deleteStaleUploads(database.db, new Date(clock().getTime() - 24 * 3600_000));
  });
  const blobs = createPgBlobStore(database.db, clock);
  app.decorate('blobs', blobs);
  let stopSchedules: (() => void)[] = [];
  app.addHook('onReady', async () => {
    if (deps.isJobsWorkerOff) return;
    await queue.start();
    stopSchedules = [
      scheduleRecurring(queue, database.db, { kind: CLEANUP_JOB, periodMs: 24 * 3600_000, clock }),
    ];
  });
  app.addHook('preClose', async () => {
    for (const stop of stopSchedules) stop();
    await queue.stop();
  });
  const limiter = createRateLimiter(database.db, { isOff: config.isRateLimitOff, clock });
  const cache: AuthDeps['cache'] = createSessionCache({ ttlMs: 10_000, maxEntries: 50_000 });
  const stopFollowing = await cache.follow(database);
  app.addHook('onClose', stopFollowing);
  const authDeps: AuthDeps = {
    db: database.db,
    mailer,
    box: deps.box,
    limiter,
    clock,
    cache,
    config,
  };
  const actorDeps = {
    db: database.db,
    cache,
    platformCode: config.platformCompanyCode,
    hqscCode: config.hqscCompanyCode,
  };
  registerSession(app, {
    ...authDeps,
    actorOf: (request) => actorContext(actorDeps, request),
    adminToken: deps.adminToken,
    metricsToken: config.metricsToken,
  });

  await app.register(authRoutes(authDeps), { prefix: API });
  await app.register(
    systemRoutes({
      config,
      contact: { db: database.db, mailer, limiter, supportEmail: config.supportEmail },
      db: database.db,
      isClosing: () => isClosing,
    }),
    { prefix: API },
  );
  const management = {
    db: database.db,
    mailer,
    clock,
    cache,
    publicUrl: config.publicUrl,
    platformCode: config.platformCompanyCode,
    hqscCode: config.hqscCompanyCode,
    box: deps.box,
    limiter,
    auditExportCache:
      deps.auditExportCache ??
      createAuditExportCache({ maxBytes: AUDIT_EXPORT_CACHE_BYTES, keepMs: 60_000 }),
  };
  await app.register(usersRoutes(management), { prefix: API });
  await app.register(companiesRoutes(management), { prefix: API });
  await app.register(modelsRoutes(management), { prefix: API });
  await app.register(auditRoutes(management), { prefix: API });
  // Made on the first authorisation (not at start-up), then kept for the process's life.
  let credentials: Promise<SigningCredentials> | undefined;
  const loadCredentials = () => {
    credentials ??= loadSigningCredentials(database.db, deps.box).catch((error: unknown) => {
      credentials = undefined;
      throw error;
    });
    return credentials;
  };
  await app.register(
    eraseRoutes({
      ...management,
      limiter,
      supportEmail: config.supportEmail,
      credentials: loadCredentials,
      isDemo: config.features.keyEraseDemo,
    }),
    { prefix: API },
  );
  await app.register(
    uploadsRoutes({
      db: database.db,
      blobs,
      nodeId: queue.nodeId,
      maxBytes: config.uploadMaxBytes,
      trustProxy: config.trustProxy,
      actorOf: (request) => actorContext(actorDeps, request),
    }),
    { prefix: API },
  );
  await app.register(
    signerFeature({
      ...management,
      blobs,
      jobs: queue,
      maxBytes: config.uploadMaxBytes,
      retentionDays: config.signerRetentionDays,
      // An approved CAP is re-signed with the company's ULD User signing key (docs/signer.md).
      signCap: (input, output, companyId) =>
        signCapForCompany({ db: database.db, box: deps.box, clock }, input, output, companyId),
    }),
    { prefix: API },
  );
  // CAP Maker: General CAPs built by a job, Key CAPs, key sets, TR-31 keys (docs/cap-maker.md).
  await app.register(capFeature({ ...management, blobs, jobs: queue }), { prefix: API });
  // Certificate CAP and Key Certificate Group: company CAs, requests, certificate CAPs (docs/crt.md).
  await app.register(crtFeature({ ...management, blobs, jobs: queue }), { prefix: API });
  if (deps.adminToken) {
    await app.register(adminRoutes({ config, database, box: deps.box, mailer, clock }), {
      prefix: API,
    });
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  // The sign-in page painted at build time (docs/web.md#static-sign-in), for its two addresses;
  // looked for on each request, so a build in progress or one without it serves index.html.
  const staticSignIn = path.join(config.webDist, 'auth.html');
  const staticSignInPaths = new Set(['/auth', '/auth/', '/auth/login', '/auth/login/']);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    // Built files that are missing (an old page asking for a chunk of a newer build) are a 404, so
    // the page's chunk-reload guard can act; every other path is a page of the SPA.
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      // Without METRICS_TOKEN there is no metrics route: a plain 404, not the SPA.
      request.url.split('?')[0] !== '/metrics' &&
      !request.url.startsWith('/assets/');
    if (isPage && hasWeb) {
      // History fallback: the SPA routes every other path itself.
      const page =
        staticSignInPaths.has(request.url.split('?')[0]!) && fs.existsSync(staticSignIn)
          ? 'auth.html'
          : 'index.html';
      // Revalidated on every visit, so a deployment's new chunk names reach the browser;
      // fastify-static's own header (public, max-age=0) would replace this one.
      return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
    }
    if (isPage) {
      return reply
        .type('text/plain')
        .code(404)
        .send('The web console is not built: run `npm run build`.');
    }
    return sendError(reply, 'request.not_found');
  });
  return app;
}

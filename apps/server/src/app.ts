import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { adminRoutes } from './features/admin/admin-routes';
import { auditRoutes } from './features/audit/audit-routes';
import type { AuthDeps } from './features/auth/auth-deps';
import { authRoutes } from './features/auth/auth-routes';
import { createSessionCache } from './features/auth/session-cache';
import { companiesRoutes } from './features/companies/companies-routes';
import {
  loadSigningCredentials,
  type SigningCredentials,
} from './features/erase/erase-credentials';
import { eraseRoutes } from './features/erase/erase-routes';
import { modelsRoutes } from './features/models/models-routes';
import { systemRoutes, VERSION } from './features/system/system-routes';
import { usersRoutes } from './features/users/users-routes';
import type { SecretBox } from './lib/crypto';
import { AppError } from './lib/errors';
import type { Mailer } from './lib/mail/mailer';
import { createRateLimiter } from './lib/rate-limit';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  box: SecretBox;
  clock?: () => Date;
  /** Token of the local admin commands (DATA_DIR/admin.token); unset: the admin routes are off. */
  adminToken?: string;
  logger?: FastifyServerOptions['logger'];
};

const API = '/api/v1';

/** Plugins, then app plugins, then routes (fastify/demo's order). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // JSON only: an empty body is "no body"; anything but JSON answers 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError(400, 'Body is not valid JSON'), undefined);
    }
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(cors, {
    origin: [new URL(config.publicUrl).origin],
    exposedHeaders: ['authid', 'retry-after'],
    allowedHeaders: ['authid', 'content-type'],
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
  });
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
  const limiter = createRateLimiter(database.db, { isOff: config.isRateLimitOff, clock });
  const cache: AuthDeps['cache'] = createSessionCache({ ttlMs: 10_000, maxEntries: 50_000 });
  const stopFollowing = await cache.follow(database);
  app.addHook('onClose', stopFollowing);
  const authDeps: AuthDeps = {
    db: database.db,
    mailer: deps.mailer,
    box: deps.box,
    limiter,
    clock,
    cache,
    config,
  };
  registerSession(app, authDeps);

  await app.register(authRoutes(authDeps), { prefix: API });
  await app.register(
    systemRoutes({
      config,
      contact: { db: database.db, mailer: deps.mailer, limiter, supportEmail: config.supportEmail },
    }),
    { prefix: API },
  );
  const management = {
    db: database.db,
    mailer: deps.mailer,
    clock,
    cache,
    publicUrl: config.publicUrl,
    platformCode: config.platformCompanyCode,
    box: deps.box,
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
  if (deps.adminToken) {
    await app.register(
      adminRoutes({
        db: database.db,
        mailer: deps.mailer,
        clock,
        publicUrl: config.publicUrl,
        token: deps.adminToken,
      }),
      { prefix: API },
    );
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    // Built files that are missing (an old page asking for a chunk of a newer build) are a 404, so
    // the page's chunk-reload guard can act; every other path is a page of the SPA.
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    if (isPage && hasWeb) {
      // History fallback: the SPA routes every other path itself.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (isPage) {
      return reply
        .type('text/plain')
        .code(404)
        .send('The web console is not built: run `npm run build`.');
    }
    return reply.code(404).send({ status: 404, msg: 'Not Found' });
  });
  return app;
}

import { okEmpty } from '@tkc/contracts/api/common';
import {
  configResponse,
  contactBody,
  type FeatureFlags,
  healthResponse,
  ipResponse,
  readyResponse,
} from '@tkc/contracts/api/system';
import { APP_VERSION } from '@tkc/contracts/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicRoute, sessionRoute } from '../../plugins/route-access';
import { originOf, requireActor } from '../../plugins/session';
import { type ContactDeps, sendContactMessage } from '../contact/contact-service';
import { appliedMigrationCount, shippedMigrationCount } from './system-repo';

export const VERSION = APP_VERSION;

/** The feature flags (docs/product.md#feature-flags) from the server's configuration. */
export function featureFlagsOf(
  config: Pick<Config, 'features' | 'platformCompanyCode' | 'hqscCompanyCode' | 'idleTimeoutS'>,
): FeatureFlags {
  const f = config.features;
  return {
    home: '/',
    otpEnabled: true,
    authenticatorOtpEnabled: true,
    evaluateMode: f.evaluateMode,
    crtEnabled: f.crt,
    signerEnabled: f.signer,
    signerApkEnabled: f.signer,
    signerCapEnabled: f.signer,
    capEnabled: f.cap,
    capKeyEnabled: f.cap,
    capCrtEnabled: f.cap && f.crt,
    keyEraseDemo: f.keyEraseDemo,
    enforceLogin: false,
    showTimer: false,
    idleTimeoutS: config.idleTimeoutS,
    platformCompanyCode: config.platformCompanyCode,
    hqscCompanyCode: config.hqscCompanyCode,
  };
}

export function systemRoutes(deps: {
  config: Pick<Config, 'features' | 'platformCompanyCode' | 'hqscCompanyCode' | 'idleTimeoutS'>;
  contact: ContactDeps;
  db: Db;
  /** True once the server has begun to shut down: a load balancer should stop sending. */
  isClosing: () => boolean;
}): FastifyPluginAsyncZod {
  const flags = featureFlagsOf(deps.config);
  const shipped = shippedMigrationCount();
  return async (app) => {
    app.get(
      '/ready',
      {
        config: publicRoute,
        schema: { tags: ['system'], response: { 200: readyResponse, 503: readyResponse } },
      },
      async (_request, reply) => {
        const applied = await appliedMigrationCount(deps.db).catch(() => -1);
        const isReady = !deps.isClosing() && applied === shipped;
        const reason = deps.isClosing()
          ? 'shutting down'
          : applied < 0
            ? 'database unreachable'
            : applied === shipped
              ? null
              : `migrations applied ${applied} of ${shipped}`;
        return reply
          .code(isReady ? 200 : 503)
          .send({ status: isReady ? 'ready' : 'not ready', reason });
      },
    );
    app.get(
      '/health',
      { config: publicRoute, schema: { tags: ['system'], response: { 200: healthResponse } } },
      async () => ({
        status: 'ok' as const,
        version: VERSION,
      }),
    );
    app.get(
      '/ip',
      { config: publicRoute, schema: { tags: ['system'], response: { 200: ipResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: { ip: request.ip },
      }),
    );
    app.get(
      '/config',
      { config: publicRoute, schema: { tags: ['system'], response: { 200: configResponse } } },
      async () => ({
        status: 200 as const,
        msg: 'OK',
        data: flags,
      }),
    );
    app.post(
      '/msg/us',
      {
        config: sessionRoute,
        schema: { tags: ['system'], body: contactBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await sendContactMessage(
          deps.contact,
          requireActor(request),
          request.body,
          originOf(request),
        );
        return { status: 200 as const, msg: 'Message sent' };
      },
    );
  };
}

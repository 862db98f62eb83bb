import { okEmpty } from '@tkc/contracts/api/common';
import {
  configResponse,
  contactBody,
  type FeatureFlags,
  healthResponse,
  ipResponse,
} from '@tkc/contracts/api/system';
import { APP_VERSION } from '@tkc/contracts/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { originOf, requireActor } from '../../plugins/session';
import { type ContactDeps, sendContactMessage } from '../contact/contact-service';

export const VERSION = APP_VERSION;

/** Spec section 3's flags from the server's configuration. */
export function featureFlagsOf(config: Pick<Config, 'features'>): FeatureFlags {
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
  };
}

export function systemRoutes(deps: {
  config: Pick<Config, 'features'>;
  contact: ContactDeps;
}): FastifyPluginAsyncZod {
  const flags = featureFlagsOf(deps.config);
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], response: { 200: healthResponse } } },
      async () => ({
        status: 'ok' as const,
        version: VERSION,
      }),
    );
    app.get(
      '/ip',
      { schema: { tags: ['system'], response: { 200: ipResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: { ip: request.ip },
      }),
    );
    app.get(
      '/config',
      { schema: { tags: ['system'], response: { 200: configResponse } } },
      async () => ({
        status: 200 as const,
        msg: 'OK',
        data: flags,
      }),
    );
    app.post(
      '/msg/us',
      { schema: { tags: ['system'], body: contactBody, response: { 200: okEmpty } } },
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

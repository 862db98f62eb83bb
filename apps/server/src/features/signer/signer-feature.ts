import type { FastifyPluginAsync } from 'fastify';
import { scheduleRecurring } from '../../lib/jobs/schedule';
import type { ActorDeps } from '../access/actor-service';
import { RETENTION_JOB, retentionJob } from './signer-retention';
import { signerRoutes } from './signer-routes';
import { SIGN_JOB, SIGN_JOB_ATTEMPTS, type SignerDeps } from './signer-service';
import { type SigningDeps, signingJob } from './signer-signing';

// The Signer on one node: its routes, the signing job, and the daily retention run, offered by
// every node and run once (docs/signer.md).

export type SignerFeatureDeps = SignerDeps &
  ActorDeps &
  Pick<SigningDeps, 'signCap'> & {
    /** Days an unsigned upload of a rejected, failed or abandoned request is kept. */
    retentionDays: number;
  };

const DAY_MS = 24 * 3600_000;

export function signerFeature(deps: SignerFeatureDeps): FastifyPluginAsync {
  return async (app) => {
    deps.jobs.handle(SIGN_JOB, signingJob(deps, SIGN_JOB_ATTEMPTS));
    const retention = retentionJob(deps);
    deps.jobs.handle(RETENTION_JOB, async () => {
      await retention();
    });
    let stopSchedule: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopSchedule = scheduleRecurring(deps.jobs, deps.db, {
        kind: RETENTION_JOB,
        periodMs: DAY_MS,
        clock: deps.clock,
      });
    });
    app.addHook('preClose', async () => stopSchedule?.());
    await app.register(signerRoutes(deps));
  };
}

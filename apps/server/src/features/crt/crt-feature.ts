import type { FastifyPluginAsync } from 'fastify';
import type { ActorDeps } from '../access/actor-service';
import { crtCertificateRoutes } from './crt-certificate-routes';
import { issueJob } from './crt-issue-job';
import { crtRequestRoutes } from './crt-request-routes';
import { type CrtDeps, ISSUE_JOB, ISSUE_JOB_ATTEMPTS } from './crt-requests-service';

// Certificate CAP and Key Certificate Group on one node (docs/crt.md): the company CAs and their
// certificates, the requests, and the job that issues an approved request's certificates.

export type CrtFeatureDeps = CrtDeps & ActorDeps;

export function crtFeature(deps: CrtFeatureDeps): FastifyPluginAsync {
  return async (app) => {
    deps.jobs.handle(ISSUE_JOB, issueJob(deps, ISSUE_JOB_ATTEMPTS));
    await app.register(crtCertificateRoutes(deps));
    await app.register(crtRequestRoutes(deps));
  };
}

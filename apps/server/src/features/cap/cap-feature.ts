import type { FastifyPluginAsync } from 'fastify';
import type { ActorDeps } from '../access/actor-service';
import { capBuildJob } from './cap-build-job';
import { capRoutes } from './cap-routes';
import { CAP_BUILD_ATTEMPTS, CAP_BUILD_JOB, type CapDeps } from './cap-service';

// CAP Maker on one node: its routes and the General CAP build job (docs/cap-maker.md).

export function capFeature(deps: CapDeps & ActorDeps): FastifyPluginAsync {
  return async (app) => {
    deps.jobs.handle(CAP_BUILD_JOB, capBuildJob(deps, CAP_BUILD_ATTEMPTS));
    await app.register(capRoutes(deps));
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { QueuedMailer } from '../../lib/mail/queued-mailer';
import type { BlobStore } from '../../lib/storage/blob-store';
import type { ActorDeps } from '../access/actor-context';
import type { AuthorityDeps } from './crt-authority';
import { crtCertificateRoutes } from './crt-certificate-routes';

// Certificate CAP and Key Certificate Group on one node (docs/crt.md): the company CAs and their
// certificates.

export type CrtFeatureDeps = AuthorityDeps &
  ActorDeps & { blobs: BlobStore; jobs: JobQueue; mailer: QueuedMailer; publicUrl: string };

export function crtFeature(deps: CrtFeatureDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(crtCertificateRoutes(deps));
  };
}

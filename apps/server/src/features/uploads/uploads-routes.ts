import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { can } from '@tkc/contracts/access/permissions';
import { errorText } from '@tkc/contracts/api/error-codes';
import { isUploadKind, UPLOAD_KINDS, UPLOADS_PATH } from '@tkc/contracts/api/uploads';
import { Server } from '@tus/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/errors';
import type { BlobStore } from '../../lib/storage/blob-store';
import { BlobTusStore, createBlobLocker, OWNER_KEYS } from '../../lib/storage/tus-store';
import { sessionRoute } from '../../plugins/route-access';
import type { ActorContext } from '../access/actor-service';

// One resumable upload endpoint for every tool (tus 1.0 at /api/v1/uploads; docs/api.md#uploads).
// The access hook has checked the session before the body is read; the upload's kind names the
// action the uploader needs; an upload is visible only to the user who made it (else 404).

/** Who sent each request in tus's hands: its web Request keeps the Node request it came from. */
const actors = new WeakMap<IncomingMessage, ActorContext>();
const actorOfTus = (req: Request): ActorContext | undefined => {
  const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return raw ? actors.get(raw) : undefined;
};

/** tus's Upload-Metadata: comma-separated `key base64value` pairs. */
function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const jsonError = (code: Parameters<typeof errorText>[0], status: number) =>
  JSON.stringify({ status, msg: errorText(code), code, params: {} });

export function uploadsRoutes(deps: {
  db: DbOrTx;
  blobs: BlobStore;
  nodeId: string;
  maxBytes: number;
  trustProxy: boolean;
  actorOf: (request: FastifyRequest) => Promise<ActorContext>;
}): FastifyPluginAsync {
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new BlobTusStore(deps.blobs, () => deps.maxBytes),
    locker: createBlobLocker(deps.db, deps.nodeId),
    maxSize: deps.maxBytes,
    respectForwardedHeaders: deps.trustProxy,
    namingFunction: () => randomUUID(),
    async onUploadCreate(req, upload) {
      const actor = actorOfTus(req);
      if (!actor) throw { status_code: 401, body: jsonError('access.no_authid', 401) };
      return {
        metadata: {
          ...upload.metadata,
          [OWNER_KEYS.user]: actor.userId,
          [OWNER_KEYS.company]: actor.companyId,
        },
      };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      // An upload of another user answers as one that does not exist.
      const blob = await deps.blobs.info(uploadId).catch(() => undefined);
      if (!blob?.createdBy || blob.createdBy !== actorOfTus(req)?.userId) {
        throw { status_code: 404, body: jsonError('request.not_found', 404) };
      }
    },
    async onUploadFinish(_req, upload) {
      const blob = await deps.blobs.complete(upload.id);
      return { headers: { 'x-blob-sha256': blob.sha256 ?? '' } };
    },
    onResponseError(_req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      const code =
        status === 413
          ? 'request.too_large'
          : status === 404
            ? 'request.not_found'
            : status >= 500
              ? 'server.error'
              : 'request.rejected';
      return { status_code: status, body: jsonError(code, status) };
    },
  });

  return async (app) => {
    // tus bodies are raw bytes streamed to the store: never parsed, never buffered.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handle = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const actor = await deps.actorOf(request);
      const raw = request.raw;
      if (request.method === 'POST') {
        const { kind } = parseUploadMetadata(raw.headers['upload-metadata'] as string | undefined);
        if (!isUploadKind(kind)) throw fail('request.rejected');
        if (!can(actor, UPLOAD_KINDS[kind].action)) throw fail('access.forbidden');
      }
      actors.set(raw, actor);
      reply.hijack();
      await tus.handle(raw, reply.raw);
    };
    // The tus requests (no OPTIONS: same-origin clients send no preflight).
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE'];
    app.route({
      method: methods,
      url: '/uploads',
      config: sessionRoute,
      schema: { hide: true },
      handler: handle,
    });
    app.route({
      method: methods,
      url: '/uploads/:id',
      config: sessionRoute,
      schema: { hide: true },
      handler: handle,
    });
  };
}

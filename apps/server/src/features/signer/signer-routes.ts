import { idParam } from '@tkc/contracts/api/management';
import {
  approveBody,
  companyIdParam,
  companyKeyResponse,
  companyKeysResponse,
  generateKeyBody,
  importKeyBody,
  rejectBody,
  signerDetailResponse,
  signerListQuery,
  signerListResponse,
  signRequestBody,
} from '@tkc/contracts/api/signer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import {
  generateCompanyKey,
  importCompanyKey,
  listCompanyKeys,
  type SignerKeyDeps,
} from './signer-keys-service';
import {
  approveSignRequest,
  createSignRequest,
  downloadSignedFile,
  getSignRequest,
  listSignRequests,
  rejectSignRequest,
  type SignerDeps,
} from './signer-service';

// Signer API (docs/signer.md#api). The file arrives first through /uploads (kind signer-input).

const tags = ['signer'];

const CONTENT_TYPES: Record<string, string> = {
  apk: 'application/vnd.android.package-archive',
  cap: 'application/octet-stream',
};

/** RFC 6266 filename*: a UTF-8 name that survives any header. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function signerRoutes(deps: SignerDeps & SignerKeyDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/signer/requests',
      {
        config: allow('signer.request'),
        schema: { tags, body: signRequestBody, response: { 200: signerDetailResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Requested',
        data: await createSignRequest(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.get(
      '/signer/requests',
      {
        config: allow('signer.view'),
        schema: { tags, querystring: signerListQuery, response: { 200: signerListResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listSignRequests(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.get(
      '/signer/requests/:id',
      {
        config: allow('signer.view'),
        schema: { tags, params: idParam, response: { 200: signerDetailResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getSignRequest(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.post(
      '/signer/requests/:id/approve',
      {
        config: allow('signer.approve'),
        schema: {
          tags,
          params: idParam,
          body: approveBody,
          response: { 200: signerDetailResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Approved',
        data: await approveSignRequest(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body ?? { note: '' },
        ),
      }),
    );
    app.post(
      '/signer/requests/:id/reject',
      {
        config: allow('signer.approve'),
        schema: {
          tags,
          params: idParam,
          body: rejectBody,
          response: { 200: signerDetailResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Rejected',
        data: await rejectSignRequest(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.get(
      '/signer/requests/:id/download',
      { config: allow('signer.download'), schema: { tags, params: idParam } },
      async (request, reply) => {
        const file = await downloadSignedFile(
          deps,
          await actorContext(deps, request),
          request.params.id,
        );
        return reply
          .type(CONTENT_TYPES[file.fileType] ?? 'application/octet-stream')
          .header('content-disposition', disposition(file.fileName))
          .header('content-length', String(file.size))
          .header('x-sha256', file.sha256)
          .header('access-control-expose-headers', 'x-sha256, content-disposition')
          .send(file.stream);
      },
    );
    app.get(
      '/signer/keys',
      {
        config: allow('signer.keys.manage'),
        schema: { tags, response: { 200: companyKeysResponse } },
      },
      async () => ({ status: 200 as const, msg: 'OK', data: await listCompanyKeys(deps) }),
    );
    app.post(
      '/signer/keys/:companyId/generate',
      {
        config: allow('signer.keys.manage'),
        schema: {
          tags,
          params: companyIdParam,
          body: generateKeyBody,
          response: { 200: companyKeyResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Created',
        data: await generateCompanyKey(
          deps,
          await actorContext(deps, request),
          request.params.companyId,
          request.body,
        ),
      }),
    );
    app.post(
      '/signer/keys/:companyId/import',
      {
        config: allow('signer.keys.manage'),
        schema: {
          tags,
          params: companyIdParam,
          body: importKeyBody,
          response: { 200: companyKeyResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Imported',
        data: await importCompanyKey(
          deps,
          await actorContext(deps, request),
          request.params.companyId,
          request.body,
        ),
      }),
    );
  };
}

import { crtDataResponse, crtSerialQuery, crtSerialResponse } from '@tkc/contracts/api/crt';
import {
  crtApproveBody,
  crtRejectBody,
  crtRequestBody,
  crtRequestListQuery,
  crtRequestListResponse,
  crtRequestResponse,
  kcgRequestBody,
} from '@tkc/contracts/api/crt-requests';
import { idParam } from '@tkc/contracts/api/management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import { crtData, crtSerials } from './crt-data-service';
import {
  approveCrtRequest,
  type CapFile,
  type CrtDeps,
  createCrtRequest,
  createKcgRequest,
  downloadCertificateCap,
  downloadRequestCap,
  getCrtRequest,
  listCrtRequestsFor,
  rejectCrtRequest,
} from './crt-requests-service';

// Certificate CAP and Key Certificate Group requests (docs/crt.md#api).

const tags = ['certificate cap'];

/** RFC 6266 filename*: a UTF-8 name that survives any header. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function crtRequestRoutes(deps: CrtDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actorOf = (request: Parameters<typeof actorContext>[1]) => actorContext(deps, request);
    const send = (reply: import('fastify').FastifyReply, file: CapFile) =>
      reply
        .type('application/octet-stream')
        .header('content-disposition', disposition(file.fileName))
        .header('content-length', String(file.size))
        .header('x-sha256', file.sha256)
        .header('access-control-expose-headers', 'x-sha256, content-disposition')
        .send(file.stream);

    app.get(
      '/crt/data',
      { config: allow('crt.view'), schema: { tags, response: { 200: crtDataResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await crtData(deps.db, await actorOf(request)),
      }),
    );
    app.get(
      '/crt/serial-numbers',
      {
        config: allow('crt.view'),
        schema: { tags, querystring: crtSerialQuery, response: { 200: crtSerialResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await crtSerials(deps.db, await actorOf(request), request.query),
      }),
    );
    app.post(
      '/crt/requests',
      {
        config: allow('crt.request'),
        schema: { tags, body: crtRequestBody, response: { 200: crtRequestResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Requested',
        data: await createCrtRequest(deps, await actorOf(request), request.body),
      }),
    );
    app.post(
      '/kcg/requests',
      {
        config: allow('kcg.manage'),
        schema: { tags, body: kcgRequestBody, response: { 200: crtRequestResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Requested',
        data: await createKcgRequest(deps, await actorOf(request), request.body),
      }),
    );
    app.get(
      '/crt/requests',
      {
        config: allow('crt.view'),
        schema: {
          tags,
          querystring: crtRequestListQuery,
          response: { 200: crtRequestListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listCrtRequestsFor(deps, await actorOf(request), request.query),
      }),
    );
    app.get(
      '/kcg/requests',
      {
        config: allow('kcg.manage'),
        schema: {
          tags,
          querystring: crtRequestListQuery,
          response: { 200: crtRequestListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listCrtRequestsFor(deps, await actorOf(request), {
          ...request.query,
          tool: 'kcg',
        }),
      }),
    );
    app.get(
      '/crt/requests/:id',
      {
        config: allow('crt.view'),
        schema: { tags, params: idParam, response: { 200: crtRequestResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getCrtRequest(deps, await actorOf(request), request.params.id),
      }),
    );
    app.post(
      '/crt/requests/:id/approve',
      {
        config: allow('crt.approve'),
        schema: {
          tags,
          params: idParam,
          body: crtApproveBody,
          response: { 200: crtRequestResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Approved',
        data: await approveCrtRequest(
          deps,
          await actorOf(request),
          request.params.id,
          request.body ?? { note: '' },
        ),
      }),
    );
    app.post(
      '/crt/requests/:id/reject',
      {
        config: allow('crt.approve'),
        schema: {
          tags,
          params: idParam,
          body: crtRejectBody,
          response: { 200: crtRequestResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Rejected',
        data: await rejectCrtRequest(deps, await actorOf(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/crt/requests/:id/download',
      { config: allow('crt.view'), schema: { tags, params: idParam } },
      async (request, reply) =>
        send(reply, await downloadRequestCap(deps, await actorOf(request), request.params.id)),
    );
    app.get(
      '/crt/certificates/:id/cap',
      { config: allow('crt.view'), schema: { tags, params: idParam } },
      async (request, reply) =>
        send(reply, await downloadCertificateCap(deps, await actorOf(request), request.params.id)),
    );
  };
}

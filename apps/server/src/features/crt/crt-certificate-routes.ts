import {
  authorityResponse,
  certificateListQuery,
  certificateListResponse,
  certificateResponse,
  companyIdParam,
  revokeBody,
} from '@tkc/contracts/api/crt';
import { idParam } from '@tkc/contracts/api/management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import type { AuthorityDeps } from './crt-authority';
import {
  getAuthority,
  getCertificate,
  getCrl,
  listCertificates,
  revokeCertificate,
} from './crt-certificates-service';

// Certificates and company CAs (docs/crt.md#api).

const tags = ['certificate cap'];

export function crtCertificateRoutes(deps: AuthorityDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actorOf = (request: Parameters<typeof actorContext>[1]) => actorContext(deps, request);
    app.get(
      '/crt/certificates',
      {
        config: allow('crt.view'),
        schema: {
          tags,
          querystring: certificateListQuery,
          response: { 200: certificateListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listCertificates(deps, await actorOf(request), request.query),
      }),
    );
    app.get(
      '/crt/certificates/:id',
      {
        config: allow('crt.view'),
        schema: { tags, params: idParam, response: { 200: certificateResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getCertificate(deps, await actorOf(request), request.params.id),
      }),
    );
    app.post(
      '/crt/certificates/:id/revoke',
      {
        config: allow('crt.approve'),
        schema: { tags, params: idParam, body: revokeBody, response: { 200: certificateResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Revoked',
        data: await revokeCertificate(
          deps,
          await actorOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.get(
      '/crt/authorities/:companyId',
      {
        config: allow('crt.view'),
        schema: { tags, params: companyIdParam, response: { 200: authorityResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getAuthority(deps, await actorOf(request), request.params.companyId),
      }),
    );
    app.get(
      '/crt/authorities/:companyId/crl',
      { config: allow('crt.view'), schema: { tags, params: companyIdParam } },
      async (request, reply) => {
        const crl = await getCrl(deps, await actorOf(request), request.params.companyId);
        return reply
          .type('application/x-pem-file')
          .header('content-disposition', `attachment; filename="${crl.companyCode}.crl"`)
          .header('access-control-expose-headers', 'content-disposition')
          .send(crl.pem);
      },
    );
  };
}

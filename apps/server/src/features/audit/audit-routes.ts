import {
  AUDIT_SORT_COLUMNS,
  auditListResponse,
  auditVerifyResponse,
} from '@tkc/contracts/api/management';
import { listQuerySchema } from '@tkc/contracts/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import { type AuditQueryDeps, exportAudit, listAudit, verifyAudit } from './audit-query-service';

const tags = ['audit'];
const query = listQuerySchema(AUDIT_SORT_COLUMNS);

export function auditRoutes(deps: AuditQueryDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        config: allow('audit.view'),
        schema: { tags, querystring: query, response: { 200: auditListResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listAudit(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.get(
      '/audit/export',
      { config: allow('audit.export'), schema: { tags, querystring: query } },
      async (request, reply) => {
        const stream = exportAudit(deps, await actorContext(deps, request), request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
          .send(stream);
      },
    );
    app.get(
      '/audit/verify',
      { config: allow('audit.verify'), schema: { tags, response: { 200: auditVerifyResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await verifyAudit(deps, await actorContext(deps, request)),
      }),
    );
  };
}

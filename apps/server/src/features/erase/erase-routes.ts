import { okEmpty } from '@tkc/contracts/api/common';
import {
  demoTerminalResponse,
  eraseAuthBody,
  eraseAuthResponse,
  eraseListQuery,
  eraseListResponse,
  eraseRecordBody,
  eraseRecordResponse,
  eraseReportBody,
} from '@tkc/contracts/api/erase';
import { idParam } from '@tkc/contracts/api/management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../lib/errors';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import {
  authorizeErase,
  demoTerminal,
  type EraseDeps,
  getErase,
  listErase,
  recordErase,
  removeErase,
  reportErase,
  resendErase,
} from './erase-service';

const tags = ['key erase'];

export function eraseRoutes(
  deps: EraseDeps & ActorDeps & { isDemo: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/uld/erase/auth',
      {
        config: allow('erase.authorize'),
        schema: { tags, body: eraseAuthBody, response: { 200: eraseAuthResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await authorizeErase(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.get(
      '/uld/erase',
      {
        config: allow('erase.log.view'),
        schema: { tags, querystring: eraseListQuery, response: { 200: eraseListResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listErase(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.post(
      '/uld/erase',
      {
        config: allow('erase.authorize'),
        schema: { tags, body: eraseRecordBody, response: { 200: eraseRecordResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Recorded',
        data: await recordErase(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.post(
      '/uld/erase/demo-terminal',
      {
        config: allow('erase.authorize'),
        schema: { tags, response: { 200: demoTerminalResponse } },
      },
      async (request) => {
        if (!deps.isDemo) throw fail('erase.demo_off');
        return {
          status: 200 as const,
          msg: 'OK',
          data: await demoTerminal(deps, await actorContext(deps, request)),
        };
      },
    );
    app.get(
      '/uld/erase/:id',
      {
        config: allow('erase.log.view'),
        schema: { tags, params: idParam, response: { 200: eraseRecordResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getErase(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.patch(
      '/uld/erase/:id',
      {
        config: allow('erase.log.manage'),
        schema: {
          tags,
          params: idParam,
          body: eraseReportBody,
          response: { 200: eraseRecordResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Reported',
        data: await reportErase(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.post(
      '/uld/erase/:id',
      {
        config: allow('erase.log.manage'),
        schema: { tags, params: idParam, response: { 200: eraseRecordResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Sent',
        data: await resendErase(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.delete(
      '/uld/erase/:id',
      {
        config: allow('erase.log.manage'),
        schema: { tags, params: idParam, response: { 200: okEmpty } },
      },
      async (request) => {
        await removeErase(deps, await actorContext(deps, request), request.params.id);
        return { status: 200 as const, msg: 'Deleted' };
      },
    );
  };
}

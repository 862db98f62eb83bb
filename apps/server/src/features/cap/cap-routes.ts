import {
  capListQuery,
  capListResponse,
  capResponse,
  createCapBody,
  createKeyCapBody,
  keySetsQuery,
  keySetsResponse,
  tdesKeyBody,
  tdesKeyResponse,
} from '@tkc/contracts/api/cap';
import { idParam } from '@tkc/contracts/api/management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import { companyKeys, confirmKeyCap, createKeyCap } from './cap-key-service';
import { type CapDeps, createCap, downloadCap } from './cap-service';
import { createTdesKey } from './cap-tdes-service';
import { capRowOf, listCaps, visibleCap } from './cap-view';

// CAP Maker API (docs/cap-maker.md#api). A General CAP's files arrive first through /uploads
// (kind cap-source); the CAP is then built by a job, a Key CAP at once.

const tags = ['cap maker'];

/** RFC 6266 filename*: a UTF-8 name that survives any header. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function capRoutes(deps: CapDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actorOf = (request: Parameters<typeof actorContext>[1]) => actorContext(deps, request);

    for (const [base, kind, action] of [
      ['/cap/caps', 'application', 'cap.general'],
      ['/cap/key-caps', 'key', 'cap.key'],
    ] as const) {
      app.get(
        base,
        {
          config: allow(action),
          schema: { tags, querystring: capListQuery, response: { 200: capListResponse } },
        },
        async (request) => ({
          status: 200 as const,
          msg: 'OK',
          data: await listCaps(deps.db, await actorOf(request), kind, request.query),
        }),
      );
      app.get(
        `${base}/:id`,
        {
          config: allow(action),
          schema: { tags, params: idParam, response: { 200: capResponse } },
        },
        async (request) => ({
          status: 200 as const,
          msg: 'OK',
          data: capRowOf(
            await visibleCap(deps.db, await actorOf(request), kind, request.params.id),
          ),
        }),
      );
      app.get(
        `${base}/:id/download`,
        { config: allow(action), schema: { tags, params: idParam } },
        async (request, reply) => {
          const file = await downloadCap(deps, await actorOf(request), kind, request.params.id);
          return reply
            .type('application/octet-stream')
            .header('content-disposition', disposition(file.fileName))
            .header('content-length', String(file.size))
            .header('x-sha256', file.sha256)
            .header('access-control-expose-headers', 'x-sha256, content-disposition')
            .send(file.stream);
        },
      );
    }
    app.post(
      '/cap/caps',
      {
        config: allow('cap.general'),
        schema: { tags, body: createCapBody, response: { 200: capResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Building',
        data: await createCap(deps, await actorOf(request), request.body),
      }),
    );
    app.post(
      '/cap/key-caps',
      {
        config: allow('cap.key'),
        schema: { tags, body: createKeyCapBody, response: { 200: capResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Created',
        data: await createKeyCap(deps, await actorOf(request), request.body),
      }),
    );
    app.post(
      '/cap/key-caps/:id/confirm',
      {
        config: allow('cap.key'),
        schema: { tags, params: idParam, response: { 200: capResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Confirmed',
        data: await confirmKeyCap(deps, await actorOf(request), request.params.id),
      }),
    );
    app.get(
      '/cap/keys',
      {
        config: allow('cap.keys.view'),
        schema: { tags, querystring: keySetsQuery, response: { 200: keySetsResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await companyKeys(deps, await actorOf(request), request.query),
      }),
    );
    app.post(
      '/cap/tdes-keys',
      {
        config: allow('cap.key'),
        schema: { tags, body: tdesKeyBody, response: { 200: tdesKeyResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Created',
        data: await createTdesKey(deps, await actorOf(request), request.body),
      }),
    );
  };
}

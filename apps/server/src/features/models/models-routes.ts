import { okEmpty } from '@tkc/contracts/api/common';
import {
  idParam,
  MODEL_SORT_COLUMNS,
  modelBody,
  modelListResponse,
  modelPatchBody,
  modelResponse,
  prefixListResponse,
} from '@tkc/contracts/api/management';
import { listQuerySchema } from '@tkc/contracts/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow, sessionRoute } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import {
  changeModel,
  createModel,
  listModels,
  type ModelsDeps,
  prefixTable,
  removeModel,
} from './models-service';

const tags = ['models'];

export function modelsRoutes(deps: ModelsDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/models',
      {
        config: sessionRoute,
        schema: {
          tags,
          querystring: listQuerySchema(MODEL_SORT_COLUMNS),
          response: { 200: modelListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listModels(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.get(
      '/models/prefix',
      {
        config: allow('model.prefix.view'),
        schema: { tags, response: { 200: prefixListResponse } },
      },
      async (request) => {
        await actorContext(deps, request);
        return { status: 200 as const, msg: 'OK', data: await prefixTable(deps) };
      },
    );
    app.post(
      '/models',
      {
        config: allow('model.edit'),
        schema: { tags, body: modelBody, response: { 200: modelResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Model created',
        data: await createModel(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.patch(
      '/models/:id',
      {
        config: allow('model.edit'),
        schema: { tags, params: idParam, body: modelPatchBody, response: { 200: modelResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Model updated',
        data: await changeModel(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.delete(
      '/models/:id',
      {
        config: allow('model.edit'),
        schema: { tags, params: idParam, response: { 200: okEmpty } },
      },
      async (request) => {
        await removeModel(deps, await actorContext(deps, request), request.params.id);
        return { status: 200 as const, msg: 'Model deleted' };
      },
    );
  };
}

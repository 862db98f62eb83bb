import { okEmpty } from '@tkc/contracts/api/common';
import {
  idParam,
  inviteBody,
  inviteResponse,
  rolesBody,
  statusBody,
  USER_SORT_COLUMNS,
  userListResponse,
} from '@tkc/contracts/api/management';
import { listQuerySchema } from '@tkc/contracts/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import {
  inviteUser,
  listUsers,
  resendInvitation,
  setUserDisabled,
  setUserRoles,
  type UsersDeps,
  withdrawInvitation,
} from './users-service';

const tags = ['users'];

export function usersRoutes(deps: UsersDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        config: allow('user.view'),
        schema: {
          tags,
          querystring: listQuerySchema(USER_SORT_COLUMNS),
          response: { 200: userListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listUsers(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.post(
      '/users/invitations',
      {
        config: allow('user.edit'),
        schema: { tags, body: inviteBody, response: { 200: inviteResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Invitation sent',
        data: await inviteUser(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.post(
      '/users/invitations/:id/resend',
      {
        config: allow('user.resend'),
        schema: { tags, params: idParam, response: { 200: inviteResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Invitation sent',
        data: await resendInvitation(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.delete(
      '/users/invitations/:id',
      {
        config: allow('user.resend'),
        schema: { tags, params: idParam, response: { 200: okEmpty } },
      },
      async (request) => {
        await withdrawInvitation(deps, await actorContext(deps, request), request.params.id);
        return { status: 200 as const, msg: 'Invitation withdrawn' };
      },
    );
    app.patch(
      '/users/:id/roles',
      {
        config: allow('user.edit'),
        schema: { tags, params: idParam, body: rolesBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await setUserRoles(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body.roles,
        );
        return { status: 200 as const, msg: 'Roles updated' };
      },
    );
    app.patch(
      '/users/:id/status',
      {
        config: allow('user.edit'),
        schema: { tags, params: idParam, body: statusBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await setUserDisabled(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body.disabled,
        );
        return {
          status: 200 as const,
          msg: request.body.disabled ? 'User disabled' : 'User enabled',
        };
      },
    );
  };
}

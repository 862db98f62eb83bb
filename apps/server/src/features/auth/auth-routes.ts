import { authMessages } from '@tkc/contracts/alerts';
import {
  loginBody,
  loginOtpBody,
  loginResponse,
  loginVerifyBody,
  loginVerifyResponse,
  logoutBody,
  mfaPatchBody,
  mfaPatchResponse,
  mfaStartBody,
  mfaStartResponse,
  mfaVerifyBody,
  mfaVerifyResponse,
  profilePatchBody,
  profileResponse,
  registrationBody,
  registrationResponse,
  registrationVerifyResponse,
  resetPasswordBody,
  resetUpdateBody,
  resetVerifyResponse,
} from '@tkc/contracts/api/auth';
import { okEmpty } from '@tkc/contracts/api/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkRoute, publicRoute, sessionRoute } from '../../plugins/route-access';
import { originOf, requireActor } from '../../plugins/session';
import type { AuthDeps } from './auth-deps';
import { login, sendLoginCode, verifyLogin } from './login-service';
import { changeMfa, startMfa, verifyMfa } from './mfa-service';
import { getCachedProfileJson, getProfile, getProfileJson, patchProfile } from './profile-service';
import { register, verifyInvitation } from './registration-service';
import { completePasswordReset, requestPasswordReset, verifyResetLink } from './reset-service';
import { logout, refresh, resolveSession } from './session-service';

const OK = 'OK';
const tags = ['auth'];

/** /auth/*: each route validates, builds the origin or actor, and calls one service. */
export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      { config: publicRoute, schema: { tags, body: loginBody, response: { 200: loginResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await login(deps, request.body, originOf(request)),
      }),
    );

    app.post(
      '/auth/login/otp',
      { config: publicRoute, schema: { tags, body: loginOtpBody, response: { 200: okEmpty } } },
      async (request) => {
        await sendLoginCode(deps, request.body, originOf(request));
        return { status: 200 as const, msg: 'OTP sent' };
      },
    );

    app.post(
      '/auth/login/verify',
      {
        config: publicRoute,
        schema: { tags, body: loginVerifyBody, response: { 200: loginVerifyResponse } },
      },
      async (request) => {
        const { userId, session } = await verifyLogin(deps, request.body, originOf(request));
        request.session = await sessionFor(deps, session.token);
        return { status: 200 as const, msg: OK, data: { user_id: userId } };
      },
    );

    app.post(
      '/auth/logout',
      { config: sessionRoute, schema: { tags, body: logoutBody, response: { 200: okEmpty } } },
      async (request) => {
        await logout(deps, requireActor(request), originOf(request));
        request.session = null;
        return { status: 200 as const, msg: 'Logged out' };
      },
    );

    app.post(
      '/auth/refresh',
      { config: sessionRoute, schema: { tags, response: { 200: okEmpty } } },
      async (request) => {
        const actor = requireActor(request);
        const expiresAt = await refresh(deps, actor, originOf(request));
        request.session = { ...request.session!, expiresAt };
        return { status: 200 as const, msg: OK };
      },
    );

    app.get(
      '/auth/profile',
      { config: sessionRoute, schema: { tags, response: { 200: profileResponse } } },
      (request, reply) => {
        const actor = requireActor(request);
        const plain: FastifyReply = reply.type('application/json; charset=utf-8');
        // Already checked against profileResponse and serialised (see getProfileJson); from the
        // cache without an await when it has the profile (docs/benchmarks.md#auth-twelfth).
        const cached = getCachedProfileJson(deps, actor, actor.expiresAt);
        if (cached !== undefined) {
          plain.send(cached);
          return;
        }
        getProfileJson(deps, actor, actor.expiresAt).then(
          (json) => plain.send(json),
          (error) => plain.send(error),
        );
      },
    );

    app.patch(
      '/auth/profile',
      {
        config: sessionRoute,
        schema: { tags, body: profilePatchBody, response: { 200: profileResponse } },
      },
      async (request) => {
        const actor = requireActor(request);
        await patchProfile(deps, actor, request.body, originOf(request));
        return {
          status: 200 as const,
          msg: 'Profile updated',
          data: await getProfile(deps, actor, actor.expiresAt),
        };
      },
    );

    app.post(
      '/auth/mfa',
      {
        config: sessionRoute,
        schema: { tags, body: mfaStartBody, response: { 200: mfaStartResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await startMfa(deps, requireActor(request), request.body.mode, originOf(request)),
      }),
    );

    app.post(
      '/auth/mfa/verify',
      {
        config: sessionRoute,
        schema: { tags, body: mfaVerifyBody, response: { 200: mfaVerifyResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await verifyMfa(deps, requireActor(request), request.body, originOf(request)),
      }),
    );

    app.patch(
      '/auth/mfa',
      {
        config: sessionRoute,
        schema: { tags, body: mfaPatchBody, response: { 200: mfaPatchResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await changeMfa(deps, requireActor(request), request.body, originOf(request)),
      }),
    );

    app.post(
      '/auth/reset_password',
      {
        config: publicRoute,
        schema: { tags, body: resetPasswordBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await requestPasswordReset(deps, request.body, originOf(request));
        return { status: 200 as const, msg: authMessages.resetMailSent };
      },
    );

    app.post(
      '/auth/reset_password/verify',
      { config: linkRoute, schema: { tags, response: { 200: resetVerifyResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await verifyResetLink(deps, request.authToken, originOf(request)),
      }),
    );

    app.post(
      '/auth/reset_password/update',
      { config: linkRoute, schema: { tags, body: resetUpdateBody, response: { 200: okEmpty } } },
      async (request) => {
        await completePasswordReset(deps, request.authToken, request.body, originOf(request));
        return {
          status: 200 as const,
          msg: authMessages.passwordReset,
        };
      },
    );

    app.post(
      '/auth/registration/verify',
      { config: linkRoute, schema: { tags, response: { 200: registrationVerifyResponse } } },
      async (request) => ({
        status: 200 as const,
        msg: OK,
        data: await verifyInvitation(deps, request.authToken, originOf(request)),
      }),
    );

    app.post(
      '/auth/registration',
      {
        config: linkRoute,
        schema: { tags, body: registrationBody, response: { 200: registrationResponse } },
      },
      async (request) => {
        const { userId, session } = await register(
          deps,
          request.authToken,
          request.body,
          originOf(request),
        );
        request.session = await sessionFor(deps, session.token);
        return { status: 200 as const, msg: authMessages.welcome, data: { user_id: userId } };
      },
    );
  };
}

/** The just-opened session, so this very answer already carries its authid header. */
async function sessionFor(deps: AuthDeps, token: string) {
  return (await resolveSession(deps, token)).session ?? null;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { safeEqual } from '../../lib/crypto';
import { forbidden } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import { verifyAuditChain } from '../audit/audit-service';
import { createInvitation } from '../invitations/invitation-service';

export const adminInviteBody = z.strictObject({
  email: z.email(),
  company: z.string().min(1).max(32),
  role: z.string().min(1).max(200),
  lang: z.enum(['en', 'de', 'es', 'fr', 'ja', 'zh']).optional(),
});

const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

/**
 * The `npm run admin` commands while the server runs (PGlite allows one process per data folder):
 * loopback only, with the token the server wrote to DATA_DIR/admin.token. Hidden from the API docs.
 */
export function adminRoutes(deps: {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
  token: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      const sent = String(request.headers['x-admin-token'] ?? '');
      if (!isLoopback(request.socket.remoteAddress ?? '') || !safeEqual(sent, deps.token))
        throw forbidden();
    });
    app.post(
      '/internal/admin/invite',
      { schema: { hide: true, body: adminInviteBody } },
      async (request) => {
        const { link } = await createInvitation(deps, {
          email: request.body.email,
          companyCode: request.body.company,
          roles: request.body.role.split(',').map((r) => r.trim()),
          lang: request.body.lang,
        });
        return { status: 200, msg: 'OK', data: { link } };
      },
    );
    app.post('/internal/admin/audit-verify', { schema: { hide: true } }, async () => ({
      status: 200,
      msg: 'OK',
      data: await verifyAuditChain(deps.db),
    }));
  };
}

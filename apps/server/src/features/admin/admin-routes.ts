import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminContext, runAdminCommand } from '../../cli/admin-commands';
import { adminRoute } from '../../plugins/route-access';

const runBody = z.strictObject({ argv: z.array(z.string().max(4096)).min(1).max(64) });

/**
 * The `npm run admin` commands while the server holds the embedded database: loopback only, with
 * the token the server wrote to DATA_DIR/server.json (the access hook checks both: `adminRoute`).
 * Hidden from the API docs.
 */
export function adminRoutes(ctx: AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/internal/admin/run',
      { config: adminRoute, schema: { hide: true, body: runBody } },
      async (request) => ({
        status: 200,
        msg: 'OK',
        data: await runAdminCommand(request.body.argv, ctx),
      }),
    );
  };
}

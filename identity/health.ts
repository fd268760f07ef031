import type { Ctx } from './context';
import type { Router } from './http/router';

/** Kratos' health endpoints: alive = process up; ready = database reachable. */
export function healthRoutes(ctx: Ctx, router: Router): void {
  router.on('GET', '/health/alive', async (_req, res) => res.json(200, { status: 'ok' }));
  router.on('GET', '/health/ready', async (_req, res) => {
    try {
      await ctx.db.query('SELECT 1');
      res.json(200, { status: 'ok' });
    } catch {
      res.json(503, { errors: { database: 'unreachable' } });
    }
  });
}

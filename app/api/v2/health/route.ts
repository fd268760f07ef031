import { db } from '@/lib/server/db/client';
import { handle } from '@/lib/server/api/handler';
import { health } from '@/lib/shared/api/endpoints/platform';
import { sql } from 'drizzle-orm';

export const dynamic = 'force-dynamic';

export const GET = handle(health, async () => {
  const started = performance.now();
  await db().execute(sql`select 1`);
  return { status: 'ok' as const, database: 'up' as const, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
});

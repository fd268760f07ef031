/**
 * `npm run maintenance -- --start 2026-12-05T20:00Z --end 2026-12-05T23:00Z [--from ISO] [--en TEXT] [--de TEXT]`
 * schedules the maintenance notice users see (spec §3, §9). `--list` shows upcoming ones.
 */
import { parseArgs } from 'node:util';
import { loadEnv, openDatabase } from './lib/context';

const DEFAULT_TEXT = {
  en: 'Argus will be unavailable for planned maintenance from ${startTime} to ${endTime}.',
  de: 'Argus ist wegen geplanter Wartung von ${startTime} bis ${endTime} nicht verfügbar.',
};

async function main() {
  const { values } = parseArgs({
    options: { start: { type: 'string' }, end: { type: 'string' }, from: { type: 'string' }, en: { type: 'string' }, de: { type: 'string' }, list: { type: 'boolean' } },
  });
  const database = await openDatabase(loadEnv());
  process.env.DATABASE_URL = database.url;
  const { db, pool } = await import('../lib/server/db/client');
  try {
    if (values.list) {
      const { maintenanceNotice } = await import('../lib/server/db/schema');
      const { gt } = await import('drizzle-orm');
      console.table(await db().select().from(maintenanceNotice).where(gt(maintenanceNotice.endTime, new Date())));
      return;
    }
    const { scheduleMaintenance } = await import('../lib/server/maintenance/schedule-maintenance');
    const { id } = await scheduleMaintenance(db(), {
      text: { en: values.en ?? DEFAULT_TEXT.en, de: values.de ?? DEFAULT_TEXT.de },
      startTime: values.start ?? '',
      endTime: values.end ?? '',
      showFrom: values.from,
    });
    console.log(`maintenance notice ${id} scheduled`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await pool().end();
    await database.stop();
  }
}

void main();

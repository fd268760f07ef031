import type { Db } from './pool';

/**
 * Deletes what can no longer be used: flows (and with them their codes) a day after they expired,
 * expired continuity rows and stale rate-limit windows. Safe to run from several instances.
 */
export async function cleanup(db: Db): Promise<void> {
  await db.query("DELETE FROM identity.flows WHERE expires_at < now() - interval '1 day'");
  await db.query('DELETE FROM identity.continuity WHERE expires_at < now()');
  await db.query("DELETE FROM identity.rate_limits WHERE window_start < now() - interval '1 day'");
}

/** Runs `cleanup` now and hourly; the timer does not keep the process alive. */
export function scheduleCleanup(db: Db): () => void {
  const run = () => cleanup(db).catch((err: unknown) => console.error('identity: cleanup failed', err));
  void run();
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}

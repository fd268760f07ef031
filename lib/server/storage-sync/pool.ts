import 'server-only';

/**
 * Runs `work` over the items with at most `limit` in flight. The first failure stops new work
 * and is thrown once the running items settled, so nothing is left half-done in the background.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  async function lane(): Promise<void> {
    while (failure === null && next < items.length) {
      if (signal?.aborted) {
        failure = { err: signal.reason ?? new Error('aborted') };
        return;
      }
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure !== null) throw (failure as { err: unknown }).err;
}

import 'server-only';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { jobScratchPrefix } from '../storage/keys';
import type { Storage } from '../storage/types';
import { ensureQueues, executorFor, WAKE_CHANNEL } from './boss';
import { PermanentJobError, type AnyJobDefinition, type CleanupContext, type JobContext } from './define';
import { listen, type Listener } from './listen';
import { failLostAttempts, LOST_MESSAGE } from './lost-attempts';
import { isCancelled, recordFailure, recordHeartbeat, recordProgress, recordSuccess, startAttempt } from './records';

export interface WorkerOptions {
  boss: PgBoss;
  db: Db;
  storage: Storage;
  definitions: readonly AnyJobDefinition[];
  /** Fallback poll when no wake-up arrives (seconds, ≥ 0.5). */
  pollingIntervalSeconds: number;
  /** Connection string for the LISTEN connection; without it the worker only polls. */
  listenUrl?: string;
  /** How long stop() lets running jobs finish before aborting them (ms). */
  shutdownGraceMs?: number;
  /** How often the worker writes its running jobs' heartbeat and looks for lost ones (s, default 5). */
  heartbeatSeconds?: number;
  /** Another worker's running job whose heartbeat is older than this is failed as lost (s, default 20). */
  lostAfterSeconds?: number;
  log?: (message: string) => void;
}

export interface Worker {
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to the grace period), then aborts the rest. */
  stop(): Promise<void>;
}

type Reason = 'expired' | 'cancelled' | 'shutdown' | 'lost';
const REASONS: Record<Reason, string> = {
  expired: 'The job took longer than its time limit',
  cancelled: 'The job was cancelled',
  shutdown: 'The worker stopped while the job was running',
  lost: LOST_MESSAGE,
};
class Aborted extends Error {
  constructor(readonly reason: Reason) {
    super(REASONS[reason]);
  }
}

interface RunningJob {
  id: string;
  attempt: number;
  /** Set once the attempt is recorded as running: from then on it has a heartbeat. */
  started: boolean;
  abort(reason: Reason): void;
  done: Promise<void>;
}

const PROGRESS_WRITE_MS = 250;

/**
 * Runs jobs. One loop per job type fetches up to its free slots (`concurrency`) in one query,
 * runs them concurrently and fetches again as soon as a slot frees, a NOTIFY arrives, or the
 * poll interval passes. Each attempt is mirrored on the job row (state, attempts, progress,
 * error, result); completion/failure in pg-boss and on the row commit in one transaction.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { boss, db, storage, definitions, pollingIntervalSeconds } = options;
  const log = options.log ?? ((m: string) => console.log(`[worker] ${m}`));
  const graceMs = options.shutdownGraceMs ?? 25_000;
  const loops = new Map<string, Loop>();
  const heartbeatMs = (options.heartbeatSeconds ?? 5) * 1000;
  const lostAfterSeconds = options.lostAfterSeconds ?? 20;
  const running = new Set<RunningJob>();
  let listener: Listener | undefined;
  let stopping = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;
  let beatFailed = false;

  class Loop {
    active = 0;
    private wakeUp: (() => void) | undefined;
    private finished: Promise<void> | undefined;

    constructor(private readonly definition: AnyJobDefinition) {}

    wake(): void {
      this.wakeUp?.();
    }

    start(): void {
      this.finished = this.loop();
    }

    async join(): Promise<void> {
      this.wake();
      await this.finished;
    }

    private async loop(): Promise<void> {
      const d = this.definition;
      const capacity = d.concurrency ?? 2;
      while (!stopping) {
        const free = capacity - this.active;
        let fetched = 0;
        if (free > 0) {
          try {
            const jobs = await boss.fetch<object>(d.name, { batchSize: free, includeMetadata: true });
            fetched = jobs.length;
            for (const j of jobs) this.launch(j);
          } catch (err) {
            log(`${d.name}: fetch failed: ${(err as Error).message}`);
          }
        }
        // A full batch means more may be waiting: fetch again right away if a slot is free.
        if (stopping || (fetched > 0 && fetched === free && this.active < capacity)) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollingIntervalSeconds * 1000);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          this.wakeUp = done;
        });
        this.wakeUp = undefined;
      }
    }

    private launch(j: PgBoss.JobWithMetadata<object>): void {
      this.active += 1;
      const controller = new AbortController();
      const entry: RunningJob = {
        id: j.id,
        attempt: j.retryCount + 1,
        started: false,
        abort: (reason: Reason) => controller.abort(new Aborted(reason)),
        done: runJob(this.definition, j, controller, () => (entry.started = true))
          .catch((err: unknown) => log(`${j.name} ${j.id}: ${(err as Error).message}`))
          .finally(() => {
            this.active -= 1;
            running.delete(entry);
            this.wake();
          }),
      };
      running.add(entry);
    }
  }

  async function runJob(d: AnyJobDefinition, j: PgBoss.JobWithMetadata<object>, controller: AbortController, onStarted: () => void): Promise<void> {
    const attempt = j.retryCount + 1;
    const maxAttempts = j.retryLimit + 1;
    const { signal } = controller;
    const base: CleanupContext = { jobId: j.id, attempt, maxAttempts, signal, scratchPrefix: jobScratchPrefix(j.id), db, storage, log: (m) => log(`${d.name} ${j.id}: ${m}`) };

    const parsed = d.schema.safeParse(j.data);
    const data = parsed.success ? (parsed.data as z.output<typeof d.schema>) : undefined;
    const input = data && d.summarize ? d.summarize(data) : ((j.data ?? {}) as Record<string, unknown>);
    if (!(await startAttempt(db, { id: j.id, type: d.name, input, attempt, maxAttempts }))) {
      // Cancelled or finished meanwhile: make sure pg-boss agrees, and do nothing.
      await boss.cancel(d.name, j.id);
      return;
    }
    onStarted();
    if (attempt > 1) await discardPartialOutput(d, data, base);

    const expiry = setTimeout(() => controller.abort(new Aborted('expired')), Math.max(1, j.expireInSeconds - 1) * 1000);
    let lastWrite = 0;
    let lastPercent = -1;
    const ctx: JobContext = {
      ...base,
      async reportProgress(percent) {
        const p = Math.max(0, Math.min(100, Math.round(percent)));
        const now = Date.now();
        if (p === lastPercent || (now - lastWrite < PROGRESS_WRITE_MS && p < 100) || signal.aborted) return;
        lastPercent = p;
        lastWrite = now;
        if (!(await recordProgress(db, j.id, p)) && (await isCancelled(db, j.id))) controller.abort(new Aborted('cancelled'));
      },
    };

    try {
      if (!parsed.success) throw new PermanentJobError(`Invalid job input: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const result = await abortable(d.run(data, ctx), signal);
      const recorded = await db.transaction(async (tx) => {
        // Cancelled meanwhile, or failed as lost by another worker (this one stalled): not ours to finish.
        if (!(await recordSuccess(tx, j.id, attempt, result))) return false;
        await boss.complete(d.name, j.id, toOutput(result), { db: executorFor(tx) });
        return true;
      });
      if (recorded) await storage.deletePrefix(base.scratchPrefix).catch(() => 0);
      else if (await isCancelled(db, j.id)) await discardPartialOutput(d, data, base); // cancelled while it finished
      else log(`${d.name} ${j.id}: attempt ${attempt} finished after it was failed as lost; its result is dropped`);
    } catch (err) {
      const reason = signal.reason instanceof Aborted ? signal.reason : undefined;
      const cancelled = reason?.reason === 'cancelled' || (await isCancelled(db, j.id).catch(() => false));
      const permanent = err instanceof PermanentJobError;
      const willRetry = !cancelled && !permanent && j.retryCount < j.retryLimit;
      const message = reason?.message ?? messageOf(err);
      log(`${d.name} ${j.id}: attempt ${attempt}/${maxAttempts} failed: ${message}${willRetry ? ' (will retry)' : ''}`);
      const owned = await db.transaction(async (tx) => {
        // Lost meanwhile: the worker that failed it as lost also cleaned up, and a new attempt may run.
        if (cancelled || !(await recordFailure(tx, j.id, message, willRetry, attempt))) return false;
        const txDb = { db: executorFor(tx) };
        // pg-boss retries a failed job while it has retries left; a job that must not run
        // again (cancelled, or a permanent error) is cancelled there instead.
        if (willRetry || j.retryCount >= j.retryLimit) await boss.fail(d.name, j.id, { message }, txDb);
        else await boss.cancel(d.name, j.id, txDb);
        return true;
      });
      if (cancelled || (owned && !willRetry)) await discardPartialOutput(d, data, base);
    } finally {
      clearTimeout(expiry);
    }
  }

  async function discardPartialOutput(d: AnyJobDefinition, data: unknown, ctx: CleanupContext): Promise<void> {
    try {
      await storage.deletePrefix(ctx.scratchPrefix);
      if (d.cleanup && data !== undefined) await d.cleanup(data, ctx);
    } catch (err) {
      ctx.log(`cleanup failed: ${messageOf(err)}`);
    }
  }

  /**
   * Every few seconds: the heartbeat of this worker's running attempts (an attempt that is no
   * longer this worker's is aborted: cancelled, or failed as lost while this worker stalled),
   * then the other workers' lost attempts are failed so they retry within a minute.
   */
  async function beat(): Promise<void> {
    const mine = [...running].filter((r) => r.started);
    try {
      const still = await recordHeartbeat(db, mine);
      for (const r of mine) {
        if (still.has(r.id) || !running.has(r)) continue;
        r.abort((await isCancelled(db, r.id)) ? 'cancelled' : 'lost');
      }
      if (stopping) return;
      await failLostAttempts({ boss, db, storage, definitions, lostAfterSeconds, ownIds: [...running].map((r) => r.id), log });
      if (beatFailed) log('heartbeat back');
      beatFailed = false;
    } catch (err) {
      // The database is away: say so once (the next beats try again), with the cause, not the query.
      if (!beatFailed) log(`heartbeat failed: ${messageOf((err as { cause?: unknown }).cause ?? err)}; retrying every ${heartbeatMs / 1000} s`);
      beatFailed = true;
    }
  }

  return {
    async start() {
      await boss.start();
      await ensureQueues(boss, definitions);
      for (const d of definitions) {
        if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: 'UTC' });
        const loop = new Loop(d);
        loops.set(d.name, loop);
        loop.start();
      }
      // One beat at a time (a slow database must not pile them up); the first at once, so a worker
      // started after another died picks up its lost jobs without waiting a period.
      const tick = () => {
        beating ??= beat().finally(() => (beating = undefined));
      };
      tick();
      heartbeat = setInterval(tick, heartbeatMs);
      if (options.listenUrl) listener = listen(options.listenUrl, WAKE_CHANNEL, (name) => loops.get(name)?.wake(), log);
      log(`working ${definitions.map((d) => d.name).join(', ')} (poll ${pollingIntervalSeconds}s${listener ? ' + NOTIFY' : ''})`);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      await listener?.close();
      await Promise.all([...loops.values()].map((l) => l.join()));
      const all = Promise.all([...running].map((r) => r.done));
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, graceMs, 'timeout').unref());
      if ((await Promise.race([all, timeout])) === 'timeout') {
        log(`aborting ${running.size} running job(s) after ${graceMs} ms`);
        for (const r of running) r.abort('shutdown');
        await all;
      }
      clearInterval(heartbeat);
      await beating;
      await boss.stop({ graceful: false, close: false });
    },
  };
}

/** Settles with the handler, or rejects as soon as the signal aborts (the handler may linger). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

function messageOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 2000) || 'Unknown error';
}

function toOutput(result: unknown): object {
  if (result === undefined || result === null) return {};
  return typeof result === 'object' && !Array.isArray(result) ? result : { value: result };
}

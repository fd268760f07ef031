import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { StorageOperation } from '@/lib/shared/schemas/storage';
import { missionStorage } from '../db/schema';
import type { Executor } from '../jobs/define';

const FLUSH_MS = 250;

export type MissionStorageRow = typeof missionStorage.$inferSelect;

/** The mission's storage row, created on first use. */
export async function ensureMissionStorage(db: Executor, missionId: number): Promise<void> {
  await db.insert(missionStorage).values({ missionId }).onConflictDoNothing();
}

/**
 * Progress of one operation, persisted so the /storage page (any app instance) can show files,
 * bytes and time left. Writes are throttled; `finish` writes the last figures.
 */
export class ProgressTracker {
  private filesDone = 0;
  private bytesDone = 0;
  private lastFlush = 0;
  private pending: Promise<void> = Promise.resolve();

  private constructor(private readonly db: Executor, private readonly missionId: number) {}

  static async begin(db: Executor, missionId: number, operation: StorageOperation, totals: { files: number; bytes: number }, now: Date): Promise<ProgressTracker> {
    await ensureMissionStorage(db, missionId);
    await db
      .update(missionStorage)
      .set({ operation, filesTotal: totals.files, bytesTotal: totals.bytes, filesDone: 0, bytesDone: 0, startedAt: now, finishedAt: null, error: null, updatedAt: now })
      .where(eq(missionStorage.missionId, missionId));
    return new ProgressTracker(db, missionId);
  }

  fileDone(bytes: number): Promise<void> {
    this.filesDone += 1;
    this.bytesDone += bytes;
    if (Date.now() - this.lastFlush < FLUSH_MS) return this.pending;
    return this.flush();
  }

  flush(): Promise<void> {
    this.lastFlush = Date.now();
    const { filesDone, bytesDone } = this;
    this.pending = this.pending.then(async () => {
      await this.db.update(missionStorage).set({ filesDone, bytesDone, updatedAt: sql`now()` }).where(eq(missionStorage.missionId, this.missionId));
    });
    return this.pending;
  }
}

import 'server-only';
import { sql } from 'drizzle-orm';
import type { Executor } from '../jobs/define';

interface VerifiedCopy {
  id: number;
  size: number;
  sha256: string;
  at: Date;
}

/** A batch is written at least this often, and whenever it holds this many copies. */
const FLUSH_MS = 250;
const FLUSH_FILES = 200;

/**
 * Verified cloud copies, recorded in the inventory a batch at a time (one UPDATE for up to 200
 * files instead of one per file: with many small files the database was a large part of a sync).
 * A sync killed between two batches copies at most a quarter second's files again; callers flush
 * in a `finally`, so a failing sync still records every copy it verified.
 */
export class CloudCopyLedger {
  private batch: VerifiedCopy[] = [];
  private lastFlush = Date.now();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Executor) {}

  add(copy: VerifiedCopy): Promise<void> {
    this.batch.push(copy);
    if (this.batch.length < FLUSH_FILES && Date.now() - this.lastFlush < FLUSH_MS) return Promise.resolve();
    return this.flush();
  }

  flush(): Promise<void> {
    this.lastFlush = Date.now();
    const batch = this.batch.splice(0);
    if (batch.length === 0) return this.writing;
    const rows = sql.join(
      batch.map((c) => sql`(${c.id}::bigint, ${c.size}::bigint, ${c.sha256}::text, ${c.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    this.writing = this.writing.then(async () => {
      await this.db.execute(sql`
        update stored_file f set cloud_size = v.size, cloud_sha256 = v.sha256, cloud_verified_at = v.at, updated_at = v.at
        from (values ${rows}) as v(id, size, sha256, at)
        where f.id = v.id`);
    });
    return this.writing;
  }
}

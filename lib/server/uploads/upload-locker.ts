import 'server-only';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Client } from 'pg';
import { isConnectionError } from '../db/pool';

/*
 * The lock tus holds on an upload while one request works on it, across every app process
 * (scripts/lib/cluster.mjs) and every instance on the same database. @tus/server's own
 * MemoryLocker knows only its process: a resumed PATCH served by another process would write into
 * the file while the first still appends.
 *
 * A lock is a PostgreSQL session advisory lock (two-key form, in a key space of its own) taken on
 * one connection per process, which also LISTENs for requests to let go: as with MemoryLocker, a
 * request that finds the upload locked asks the holder to release it (its `RequestRelease`, which
 * ends the holding request), then waits. A process that dies takes its locks with its connection.
 * Within the process the holders are kept in a map first, as advisory locks are re-entrant for
 * the connection that holds them.
 */

/** First key of every upload lock: uploads' own key space among the database's advisory locks. */
const KEY_SPACE = 0x7475_7301;
const RELEASE_CHANNEL = 'argus_upload_release';
/** How often a waiting request tries again, and how often it repeats its request to let go. */
const RETRY_MS = 25;
const ASK_AGAIN_MS = 1000;
/** A connection that held no lock this long is closed (an upload being streamed locks every few ms). */
const IDLE_MS = 10_000;
const LOCK_TIMEOUT_MS = 30_000;

export class UploadLocker implements Locker {
  /** Uploads this process holds, with how to ask each holder to let go. */
  private readonly held = new Map<string, RequestRelease>();
  private connection: Promise<Client> | null = null;
  private idle: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly timeoutMs = LOCK_TIMEOUT_MS,
  ) {}

  newLock(id: string): Lock {
    return {
      lock: (stop, release) => this.acquire(id, stop, release),
      unlock: () => this.release(id),
    };
  }

  /** Ends the connection; locks still held are released with it. */
  async close(): Promise<void> {
    this.closed = true;
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.idle);
    const connection = this.connection;
    this.connection = null;
    await connection?.then((c) => c.end()).catch(() => undefined);
  }

  private async acquire(id: string, stop: AbortSignal, release: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let askedAt = -Infinity;
    while (!stop.aborted && Date.now() < deadline) {
      if (await this.tryTake(id, release)) return;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.askToRelease(id);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  private async tryTake(id: string, release: RequestRelease): Promise<boolean> {
    if (this.held.has(id)) return false;
    clearTimeout(this.idle);
    // Reserved before the query, so a second request of this process waits for the first.
    this.held.set(id, release);
    let taken = false;
    try {
      const { rows } = await (await this.client()).query<{ taken: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as taken', [KEY_SPACE, id]);
      taken = rows[0]!.taken;
      return taken;
    } finally {
      if (!taken) this.held.delete(id);
    }
  }

  private async askToRelease(id: string): Promise<void> {
    const local = this.held.get(id);
    if (local) await local();
    else await (await this.client()).query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  private async release(id: string): Promise<void> {
    if (!this.held.delete(id)) throw new Error('Releasing an unlocked lock!');
    try {
      await (await this.client()).query('select pg_advisory_unlock($1, hashtext($2))', [KEY_SPACE, id]);
    } catch (err) {
      // Without its connection the lock is gone already.
      if (!isConnectionError(err)) throw err;
    }
    if (this.held.size === 0) {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => this.held.size === 0 && void this.disconnect(), IDLE_MS);
    }
  }

  private client(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error('the upload locker is closed'));
    if (this.connection) return this.connection;
    const client = new Client({ connectionString: this.connectionString, application_name: 'argus-upload-locks' });
    const attempt = client.connect().then(() => client.query(`LISTEN ${RELEASE_CHANNEL}`)).then(() => client);
    // A lost connection took its locks along: this process's holders keep the in-process exclusion
    // until they finish, and the next lock opens a new connection.
    const forget = () => {
      if (this.connection === attempt) this.connection = null;
    };
    client.on('error', forget);
    client.on('end', forget);
    client.on('notification', ({ payload }) => {
      const release = payload ? this.held.get(payload) : undefined;
      // The holder ends its request; what that request's ending throws is its own to report.
      if (release) Promise.resolve().then(release).catch(() => undefined);
    });
    attempt.catch(() => {
      forget();
      void client.end().catch(() => undefined);
    });
    this.connection = attempt;
    return attempt;
  }
}

import 'server-only';
import { and, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { storedFile } from '../db/schema';
import type { Executor } from '../jobs/define';
import type { Storage } from '../storage/types';
import { missionIdOfKey } from './mission-keys';

/**
 * A storage whose deletes are deliberate: what the app removes through it (a deleted tour, a
 * rendered slice, a replaced derivative) is marked `deleted` in the inventory, so the next sync
 * removes its cloud copy and a restore never brings it back. A file that vanishes any other way
 * still reads as missing, and a restore returns it. Files never copied to the cloud are simply
 * forgotten. Keys outside the mission folders (scratch, uploads in progress) are left alone.
 */
export function forgettingDeletes(store: Storage, db: () => Executor): Storage {
  if ((store as Partial<Record<typeof FORGETS, true>>)[FORGETS]) return store;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === FORGETS) return true;
      if (property === 'delete') {
        return async (key: string) => {
          await target.delete(key);
          if (missionIdOfKey(key) !== null) await forgetStored(db(), eq(storedFile.key, key));
        };
      }
      if (property === 'deletePrefix') {
        return async (prefix: string) => {
          const removed = await target.deletePrefix(prefix);
          if (missionIdOfKey(prefix) !== null) await forgetStored(db(), sql`starts_with(${storedFile.key}, ${prefix})`);
          return removed;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Marks a storage that already forgets, so contexts built on a job's storage do not wrap it twice. */
const FORGETS = Symbol('forgets deletes');

async function forgetStored(db: Executor, which: SQL): Promise<void> {
  await db.delete(storedFile).where(and(which, isNull(storedFile.cloudSha256)));
  await db
    .update(storedFile)
    .set({ localState: 'deleted', localModifiedAt: null, localVerifiedAt: null, updatedAt: new Date() })
    .where(and(which, isNotNull(storedFile.cloudSha256), ne(storedFile.localState, 'deleted')));
}

/** Removes the rows of deleted files whose cloud copy is gone (after a sync or unsync removed it). */
export async function dropForgotten(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(storedFile).where(and(inArray(storedFile.id, ids), eq(storedFile.localState, 'deleted')));
}

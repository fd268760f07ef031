import 'server-only';
import { existsSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { resolve } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Env } from '../env-schema';
import type { Storage } from '../storage/types';

/**
 * Where unfinished uploads live: a tus data store plus the storage key under which a finished
 * upload's bytes can be read through the project's storage driver, and how they are moved into
 * place. The filesystem store writes under the fs driver's own object tree (`tmp/tus/<id>`), so
 * finishing is a rename; the S3 store completes a multipart upload into the object `<id>` of the
 * bucket (the tus store's own layout, next to `<id>.info`), so finishing is a server-side copy.
 */
export interface TusArea {
  store: DataStore;
  /** The storage key holding the bytes of upload `id` once its last byte arrived. */
  stagedKey(id: string): string;
  /** Moves a finished upload's bytes to `key` and forgets the tus state. */
  promote(storage: Storage, id: string, key: string): Promise<void>;
  /** Removes an unfinished upload's bytes and tus state; a missing upload is not an error. */
  discard(id: string): Promise<void>;
  /** The store's own sweep of expired uploads (tus `deleteExpired`); returns how many it removed. */
  sweepExpired(): Promise<number>;
  /**
   * Takes back what one PATCH appended, so that upload `id` ends at `offset` again; absent when the
   * store cannot (S3 parts are final), and then a checksummed request is verified before it is stored.
   */
  rollback?(id: string, offset: number): Promise<void>;
  /** The file holding upload `id`'s bytes, where the store is the filesystem (node-patch.ts appends to it). */
  filePath?(id: string): string;
}

/** Key prefix of unfinished uploads under the filesystem driver (kept out of the 24 h tmp/ sweep). */
export const TUS_PREFIX = 'tmp/tus/';

export function storageRoot(e: Env): string {
  return resolve(e.STORAGE_DIR ?? resolve(e.DATA_DIR, 'storage'));
}

export function tusAreaFromEnv(e: Env, storage: Storage): TusArea {
  const expirationPeriodInMilliseconds = e.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;
  if (e.S3_BUCKET) {
    const store = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        credentials: { accessKeyId: e.S3_ACCESS_KEY_ID ?? '', secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '' },
        // As in the storage driver: the SDK's default CRC trailers (aws-chunked bodies) are stored as
        // data by S3-compatible servers that do not know them, which shifts every offset.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    return {
      store,
      stagedKey: (id) => id,
      async promote(target, id, key) {
        await target.copy(id, key);
        await target.delete(id);
        await target.delete(`${id}.info`);
      },
      async discard(id) {
        // Aborts the multipart upload of an unfinished one; the objects go either way.
        await store.remove(id).catch(() => undefined);
        // The store's own removal leaves the incomplete part (`<id>.part`) behind.
        for (const key of [id, `${id}.info`, `${id}.part`]) await storage.delete(key);
      },
      sweepExpired: () => store.deleteExpired(),
    };
  }
  const directory = resolve(storageRoot(e), 'objects', ...TUS_PREFIX.split('/').filter(Boolean));
  // Built on first use: the FileStore creates its directory, which a worker's sweep need not do.
  let store: FileStore | undefined;
  const fileStore = () => (store ??= new FileStore({ directory, expirationPeriodInMilliseconds }));
  return {
    get store() {
      return fileStore();
    },
    stagedKey: (id) => `${TUS_PREFIX}${id}`,
    async promote(target, id, key) {
      await target.move(`${TUS_PREFIX}${id}`, key);
      await storage.delete(`${TUS_PREFIX}${id}.json`);
    },
    async discard(id) {
      // The upload's bytes and its tus record (`<id>.json`, FileStore's configstore) are plain objects under tmp/tus/.
      await storage.delete(`${TUS_PREFIX}${id}`);
      await storage.delete(`${TUS_PREFIX}${id}.json`);
    },
    sweepExpired: async () => (existsSync(directory) ? fileStore().deleteExpired() : 0),
    // The file store's offset is the size of the upload's file.
    rollback: (id, offset) => truncate(resolve(directory, id), offset),
    filePath: (id) => resolve(directory, id),
  };
}

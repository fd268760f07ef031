import 'server-only';
import { resolve } from 'node:path';
import type { Env } from '../env-schema';
import { env } from '../env';
import { createFsStorage } from './fs-driver';
import { createS3Storage } from './s3-driver';
import type { Storage } from './types';

export type { Body, GetOptions, GetResult, ListEntry, ObjectInfo, PutOptions, PutResult, Storage } from './types';
export { assertKey, assertPrefix, jobScratchPrefix, joinKey, safeSegment, tempKey, TEMP_PREFIX } from './keys';
export { createFsStorage } from './fs-driver';
export { createS3Storage } from './s3-driver';

/** The driver the configuration asks for: S3 when S3_BUCKET is set, else the filesystem. */
export function storageFromEnv(e: Env): Storage {
  if (e.S3_BUCKET) {
    return createS3Storage({
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      // env-schema requires both keys whenever S3_BUCKET is set.
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    });
  }
  return createFsStorage(resolve(e.STORAGE_DIR ?? resolve(e.DATA_DIR, 'storage')));
}

const holder = globalThis as unknown as { __argusStorage?: Storage };

/** The process-wide storage, chosen once from the environment. */
export function storage(): Storage {
  holder.__argusStorage ??= storageFromEnv(env());
  return holder.__argusStorage;
}

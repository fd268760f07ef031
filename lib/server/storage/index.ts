import 'server-only';
import { resolve } from 'node:path';
import type { Env } from '../env-schema';
import { env } from '../env';
import { createFsStorage } from './fs-driver';
import { createS3Storage, type S3StorageConfig } from './s3-driver';
import type { Storage } from './types';

export type { Body, GetOptions, GetResult, ListEntry, ObjectInfo, PutOptions, PutResult, Storage } from './types';
export { assertKey, assertPrefix, jobScratchPrefix, joinKey, safeSegment, tempKey, TEMP_PREFIX } from './keys';
export { createFsStorage } from './fs-driver';
export { createS3Storage } from './s3-driver';

/** One tier's settings: an S3 bucket when one is named (env-schema then requires both keys), else a folder. */
export interface TierSettings extends Omit<S3StorageConfig, 'bucket' | 'accessKeyId' | 'secretAccessKey'> {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  dir: string;
}

export function storageFor({ bucket, accessKeyId, secretAccessKey, dir, ...s3 }: TierSettings): Storage {
  return bucket ? createS3Storage({ ...s3, bucket, accessKeyId: accessKeyId ?? '', secretAccessKey: secretAccessKey ?? '' }) : createFsStorage(dir);
}

/** The driver the configuration asks for: S3 when S3_BUCKET is set, else the filesystem. */
export function storageFromEnv(e: Env): Storage {
  return storageFor({
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    dir: resolve(e.STORAGE_DIR ?? resolve(e.DATA_DIR, 'storage')),
  });
}

const holder = globalThis as unknown as { __argusStorage?: Storage };

/** The process-wide storage, chosen once from the environment. */
export function storage(): Storage {
  holder.__argusStorage ??= storageFromEnv(env());
  return holder.__argusStorage;
}

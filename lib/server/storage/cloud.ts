import 'server-only';
import { resolve } from 'node:path';
import type { Env } from '../env-schema';
import { env } from '../env';
import { storageFor } from './index';
import type { Storage } from './types';

/**
 * The cloud tier (issue 15): the same driver interface as local storage, on its own bucket or
 * root. The embedded default is a second filesystem root so `npm start` shows the whole feature.
 */
export function cloudStorageFromEnv(e: Env): Storage {
  return storageFor({
    bucket: e.CLOUD_S3_BUCKET,
    region: e.CLOUD_S3_REGION,
    endpoint: e.CLOUD_S3_ENDPOINT,
    accessKeyId: e.CLOUD_S3_ACCESS_KEY_ID,
    secretAccessKey: e.CLOUD_S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.CLOUD_S3_FORCE_PATH_STYLE,
    dir: resolve(e.CLOUD_DIR ?? resolve(e.DATA_DIR, 'cloud')),
  });
}

const holder = globalThis as unknown as { __argusCloudStorage?: Storage };

/** The process-wide cloud tier, chosen once from the environment. */
export function cloudStorage(): Storage {
  holder.__argusCloudStorage ??= cloudStorageFromEnv(env());
  return holder.__argusCloudStorage;
}

/** Where the filesystem storage lives, for the free-space figure; null for S3. */
export function localStorageRoot(e: Env = env()): string | null {
  return e.S3_BUCKET ? null : resolve(e.STORAGE_DIR ?? resolve(e.DATA_DIR, 'storage'));
}

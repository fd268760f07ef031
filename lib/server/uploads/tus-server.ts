import 'server-only';
import { randomBytes } from 'node:crypto';
import { Server } from '@tus/server';
import { UPLOADS_PATH, type UploadMetadata } from '@/lib/shared/schemas/upload';
import type { DomainContext } from '../domain/context';
import { databaseUrl } from '../db/client';
import { env } from '../env';
import { storage } from '../storage';
import { createUpload, type UploadRow } from './create-upload';
import { finishUpload } from './finish-upload';
import { uploadLimits, type UploadLimits } from './limits';
import { UploadLocker } from './upload-locker';
import { recordDigest, type RunningDigest } from './running-digest';
import { tusAreaFromEnv, type TusArea } from './tus-area';

/**
 * What the wrapper (handle-upload.ts) decided about one request before @tus/server saw it, and
 * what the hooks did: tus calls the hooks with the same Request object, so they find it here.
 * An error of ours thrown inside a hook is kept and answered in the envelope by the wrapper.
 */
export interface PendingRequest {
  ctx: DomainContext;
  /** POST: the validated Upload-Metadata. */
  create?: UploadMetadata;
  /** PATCH: the upload, with the content kind sniffed from this request's first bytes. */
  row?: UploadRow;
  created?: UploadRow;
  finished?: UploadRow;
  /** PATCH read whole: the upload's running SHA-256 once this request's bytes are stored (running-digest.ts). */
  digestAfter?: { offset: number; hash: RunningDigest };
  error?: unknown;
}

const pending = new WeakMap<object, PendingRequest>();

export interface UploadService {
  server: Server;
  area: TusArea;
  limits: UploadLimits;
  /** Runs @tus/server on `request` with what the wrapper decided about it. */
  run(request: Request, state: PendingRequest): Promise<Response>;
}

/** A hook's failure as tus expects it; the wrapper replaces the answer with the kept error. */
const hookFailed = (state: PendingRequest, err: unknown) => {
  state.error = err;
  return { status_code: 500, body: 'upload hook failed\n' };
};

export function createUploadService(area: TusArea, limits: UploadLimits): UploadService {
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: area.store,
    relativeLocation: true,
    // Same-origin only: no CORS grants (the wrapper refuses cross-origin writes first).
    allowedOrigins: () => false,
    namingFunction: () => randomBytes(16).toString('hex'),
    locker: uploadLocker(),
    async onUploadCreate(req, upload) {
      const state = pending.get(req);
      if (!state?.create || upload.size === undefined) throw { status_code: 400, body: 'Upload-Length required\n' };
      try {
        state.created = await createUpload(state.ctx, { ...state.create, id: upload.id, size: upload.size }, limits);
      } catch (err) {
        throw hookFailed(state, err);
      }
      return {};
    },
    async onUploadFinish(req) {
      const state = pending.get(req);
      if (!state?.row) throw { status_code: 500, body: 'upload without admission\n' };
      // tus stored this request's bytes before calling the hook: the digest that includes them is true.
      if (state.digestAfter) recordDigest(state.row.id, state.digestAfter.offset, state.digestAfter.hash);
      try {
        state.finished = await finishUpload(state.ctx, state.row, area);
      } catch (err) {
        throw hookFailed(state, err);
      }
      return {};
    },
  });
  return {
    server,
    area,
    limits,
    run(request, state) {
      pending.set(request, state);
      return server.handleWeb(request as unknown as Parameters<Server['handleWeb']>[0]);
    },
  };
}

const holder = globalThis as unknown as { __argusUploads?: UploadService; __argusUploadLocker?: UploadLocker };

/** The process's upload locks, valid across processes (upload-locker.ts). */
export function uploadLocker(): UploadLocker {
  holder.__argusUploadLocker ??= new UploadLocker(databaseUrl());
  return holder.__argusUploadLocker;
}

/** The process-wide upload service: the tus store chosen from the environment (fs, or S3 when configured). */
export function uploadService(): UploadService {
  holder.__argusUploads ??= createUploadService(tusAreaFromEnv(env(), storage()), uploadLimits());
  return holder.__argusUploads;
}

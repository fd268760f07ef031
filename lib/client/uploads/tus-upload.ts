import { isErrorEnvelope } from '@/lib/shared/errors';
import type { DatasetType } from '@/lib/shared/schemas/dataset';
import { REQUEST_BYTES_HEADER, UPLOAD_CHUNK_BYTES, UPLOADS_PATH, type UploadPurpose } from '@/lib/shared/uploads/protocol';
import { checksumOf, nextRequest, readRequestBody, type ByteSpan } from './chunks';
import { ProgressMeter, type ProgressSnapshot } from './progress';
import { localResumeStore, type FileFingerprint, type ResumeStore } from './resume-store';

/*
 * Our tus 1.0 client (creation, termination, checksum; resume by HEAD). One instance per file:
 * it creates the upload (or finds the one a reload left behind), then sends PATCH requests of the
 * size the server names, each read from the file in 64 KB chunks and carrying a SHA-256
 * checksum, retrying with backoff on network errors and 5xx.
 */

export type UploadState = 'idle' | 'uploading' | 'paused' | 'finished' | 'error' | 'cancelled';

/** Why an upload stopped: the envelope's code and message key when the server sent one. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Message key for the UI (`errors.uploads.*`, `errors.code.*`). */
    readonly key: string,
  ) {
    super(message);
  }
}

export interface TusUploadOptions {
  file: File;
  missionId: number;
  purpose: UploadPurpose;
  datasetType?: DatasetType;
  endpoint?: string;
  fetch?: typeof fetch;
  resumeStore?: ResumeStore;
  /** Waits before the 1st, 2nd, … retry (ms); exhausted → state error. */
  retryDelays?: readonly number[];
  chunkBytes?: number;
  /** Used when the server does not say (OPTIONS header). */
  defaultRequestBytes?: number;
  /** WebCrypto; null turns checksums off. */
  subtle?: SubtleCrypto | null;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onChange?: (upload: TusUpload) => void;
  /** The server created the upload (a scan's dataset now exists). */
  onCreated?: (upload: TusUpload) => void;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

interface Prepared {
  span: ByteSpan;
  body: Uint8Array<ArrayBuffer>;
  checksum: string | null;
}
const RETRY_STATUSES = new Set([423, 429, 460, 500, 502, 503, 504]);

const base64 = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

export function uploadMetadataHeader(meta: Record<string, string | number | undefined>): string {
  return Object.entries(meta)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${base64(String(v))}`)
    .join(',');
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

async function errorFrom(res: Response): Promise<UploadError> {
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json().catch(() => undefined) : undefined;
  if (isErrorEnvelope(body)) return new UploadError(res.status, body.error.code, body.error.message, String(body.error.details?.key ?? `errors.code.${body.error.code}`));
  if (res.status === 460) return new UploadError(460, 'checksum_mismatch', 'Checksum mismatch', 'errors.uploads.checksumMismatch');
  return new UploadError(res.status, res.status >= 500 ? 'internal' : 'bad_request', res.statusText || `HTTP ${res.status}`, res.status >= 500 ? 'errors.code.internal' : 'errors.code.bad_request');
}

const requestBytesCache = new Map<string, Promise<number | null>>();

/** The PATCH size the server accepts (OPTIONS, header Argus-Upload-Request-Bytes), asked once per endpoint. */
export function serverRequestBytes(endpoint: string, fetcher: typeof fetch): Promise<number | null> {
  let known = requestBytesCache.get(endpoint);
  if (!known) {
    known = fetcher(endpoint, { method: 'OPTIONS', credentials: 'same-origin' })
      .then((res) => Number(res.headers.get(REQUEST_BYTES_HEADER)) || null)
      .catch(() => null);
    requestBytesCache.set(endpoint, known);
    void known.then((value) => value === null && requestBytesCache.delete(endpoint));
  }
  return known;
}

export class TusUpload {
  state: UploadState = 'idle';
  error: UploadError | null = null;
  url: string | null = null;
  progress: ProgressSnapshot;
  private controller: AbortController | null = null;
  private readonly meter: ProgressMeter;
  private readonly fingerprint: FileFingerprint;
  private readonly o: Required<Omit<TusUploadOptions, 'datasetType' | 'onChange' | 'onCreated' | 'subtle'>> & Pick<TusUploadOptions, 'datasetType' | 'onChange' | 'onCreated' | 'subtle'>;

  constructor(options: TusUploadOptions) {
    this.o = {
      endpoint: UPLOADS_PATH,
      fetch: (...args) => globalThis.fetch(...args),
      resumeStore: localResumeStore(),
      retryDelays: [1000, 3000, 5000, 10_000, 20_000],
      chunkBytes: UPLOAD_CHUNK_BYTES,
      defaultRequestBytes: 4 * 1024 * 1024,
      now: () => Date.now(),
      sleep: defaultSleep,
      ...options,
    };
    const { file } = options;
    this.fingerprint = { missionId: options.missionId, purpose: options.purpose, name: file.name, size: file.size, lastModified: file.lastModified };
    this.meter = new ProgressMeter(file.size);
    this.progress = this.meter.sample(0, this.o.now());
  }

  get file(): File {
    return this.o.file;
  }

  /** Starts, or continues after a pause or an error, from the server's offset. */
  start(): Promise<void> {
    if (this.state === 'uploading' || this.state === 'finished' || this.state === 'cancelled') return Promise.resolve();
    if (this.o.file.size === 0) {
      this.error = new UploadError(400, 'bad_request', 'The file is empty', 'errors.uploads.empty');
      this.set('error');
      return Promise.resolve();
    }
    this.controller = new AbortController();
    this.error = null;
    this.meter.reset();
    this.set('uploading');
    return this.run(this.controller.signal);
  }

  pause(): void {
    if (this.state !== 'uploading') return;
    this.controller?.abort();
    this.set('paused');
  }

  resume(): Promise<void> {
    return this.start();
  }

  /** Stops and terminates the upload on the server (its bytes are removed). */
  async cancel(): Promise<void> {
    if (this.state === 'finished' || this.state === 'cancelled') return;
    this.controller?.abort();
    this.set('cancelled');
    this.o.resumeStore.remove(this.fingerprint);
    if (this.url) await this.o.fetch(this.url, { method: 'DELETE', headers: TUS, credentials: 'same-origin' }).catch(() => undefined);
  }

  private set(state: UploadState): void {
    this.state = state;
    this.o.onChange?.(this);
  }

  private report(offset: number): void {
    this.progress = this.meter.sample(offset, this.o.now());
    this.o.onChange?.(this);
  }

  private async run(signal: AbortSignal): Promise<void> {
    const requestBytes = (await serverRequestBytes(this.o.endpoint, this.o.fetch)) ?? this.o.defaultRequestBytes;
    for (let attempt = 0; ; ) {
      try {
        let offset = await this.locate(signal);
        this.report(offset);
        // The next request's body is read and hashed while the current one travels.
        let ahead: Promise<Prepared> | null = null;
        while (offset < this.o.file.size) {
          const early = ahead ? await ahead.catch(() => null) : null;
          const prepared: Prepared = early?.span.start === offset ? early : await this.prepare(offset, requestBytes, signal);
          ahead = prepared.span.end < this.o.file.size ? this.prepare(prepared.span.end, requestBytes, signal) : null;
          ahead?.catch(() => undefined);
          offset = await this.send(offset, prepared, signal);
          this.report(offset);
          attempt = 0;
        }
        this.o.resumeStore.remove(this.fingerprint);
        this.set('finished');
        return;
      } catch (err) {
        if (signal.aborted) return;
        const retryable = !(err instanceof UploadError) || RETRY_STATUSES.has(err.status) || err.status === 409;
        if (retryable && attempt < this.o.retryDelays.length) {
          try {
            await this.o.sleep(this.o.retryDelays[attempt]!, signal);
          } catch {
            return;
          }
          attempt += 1;
          continue;
        }
        this.error = err instanceof UploadError ? err : new UploadError(0, 'network', err instanceof Error ? err.message : 'Network error', 'errors.connection');
        this.set('error');
        return;
      }
    }
  }

  /** The current offset: HEAD of our upload (or of the one a reload left behind), else a new upload. */
  private async locate(signal: AbortSignal): Promise<number> {
    const remembered = this.url ?? this.o.resumeStore.get(this.fingerprint);
    if (remembered) {
      const res = await this.o.fetch(remembered, { method: 'HEAD', headers: TUS, credentials: 'same-origin', signal });
      if (res.ok) {
        this.url = remembered;
        return Number(res.headers.get('upload-offset'));
      }
      // Gone (expired, cancelled elsewhere, another user): start over with a new upload.
      if (res.status !== 404 && res.status !== 410 && res.status !== 403) throw await errorFrom(res);
      this.o.resumeStore.remove(this.fingerprint);
      if (this.url) throw new UploadError(res.status, 'not_found', 'The upload no longer exists', 'errors.uploads.notFound');
    }
    return this.create(signal);
  }

  private async create(signal: AbortSignal): Promise<number> {
    const { file, missionId, purpose, datasetType } = this.o;
    const res = await this.o.fetch(this.o.endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      signal,
      headers: { ...TUS, 'Upload-Length': String(file.size), 'Upload-Metadata': uploadMetadataHeader({ missionId, filename: file.name, purpose, datasetType: purpose === 'scan' ? datasetType : undefined }) },
    });
    if (res.status !== 201) throw await errorFrom(res);
    const location = res.headers.get('location');
    if (!location) throw new UploadError(res.status, 'internal', 'No upload URL', 'errors.code.internal');
    this.url = new URL(location, new URL(this.o.endpoint, globalThis.location?.href ?? 'http://localhost/')).pathname;
    this.o.resumeStore.set(this.fingerprint, this.url);
    this.o.onCreated?.(this);
    return 0;
  }

  /** One request's body, read in 64 KB chunks, and its checksum. */
  private async prepare(offset: number, requestBytes: number, signal: AbortSignal): Promise<Prepared> {
    const span = nextRequest(this.o.file.size, offset, requestBytes);
    const body = await readRequestBody(this.o.file, span, this.o.chunkBytes, signal);
    const checksum = this.o.subtle === null ? null : await checksumOf(body, this.o.subtle ?? globalThis.crypto?.subtle);
    return { span, body, checksum };
  }

  private async send(offset: number, { body, checksum }: Prepared, signal: AbortSignal): Promise<number> {
    const res = await this.o.fetch(this.url!, {
      method: 'PATCH',
      credentials: 'same-origin',
      signal,
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...(checksum && { 'Upload-Checksum': checksum }) },
      body,
    });
    if (res.status !== 204) throw await errorFrom(res);
    return Number(res.headers.get('upload-offset'));
  }
}

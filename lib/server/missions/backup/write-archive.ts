import 'server-only';
import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { PutResult, Storage } from '../../storage/types';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, FILES_DIR, MANIFEST_PATH, RECORD_PATHS, type Manifest, type ManifestEntry, type RecordSet } from './manifest';
import type { CompleteRecords } from './records';

/** A stored file of the mission, to be copied into the archive. */
export interface ArchiveFile {
  /** Its storage key. */
  key: string;
  /** The key below `missions/<id>/`: the archive path is `files/<relativeKey>`. */
  relativeKey: string;
  size: number;
  sha256: string;
  contentType: string;
}

export interface WriteArchiveInput {
  storage: Storage;
  /** Where the archive is written (a scratch key; the caller moves it into place). */
  key: string;
  missionId: number;
  createdAt: Date;
  createdBy: string | null;
  records: Omit<CompleteRecords, 'mission'> & { mission: unknown };
  files: ArchiveFile[];
  /** Fraction 0..1 of the bytes packed so far. */
  onProgress?: (fraction: number) => Promise<void> | void;
  signal?: AbortSignal;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The manifest and the record files, with the checksums the manifest lists for them. */
export function recordEntries(input: Pick<WriteArchiveInput, 'missionId' | 'createdAt' | 'createdBy' | 'records' | 'files'>) {
  const records = Object.entries(RECORD_PATHS).map(([set, path]) => {
    const bytes = Buffer.from(`${JSON.stringify(input.records[set as RecordSet], null, 1)}\n`);
    return { path, bytes, entry: { path, sha256: sha256Of(bytes), size: bytes.length } satisfies ManifestEntry };
  });
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    missionId: input.missionId,
    createdAt: input.createdAt.toISOString(),
    createdBy: input.createdBy,
    entries: [
      ...records.map((r) => r.entry),
      ...input.files.map((f) => ({ path: `${FILES_DIR}${f.relativeKey}`, sha256: f.sha256, size: f.size, contentType: f.contentType })),
    ],
  };
  return { manifest: Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), records };
}

/** Adds one entry; resolves with the SHA-256 of the bytes that went in. */
function addEntry(pack: tar.Pack, name: string, size: number, mtime: Date, body: Buffer | Readable, counted: (n: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Buffer.isBuffer(body)) {
      pack.entry({ name, size, mtime, mode: 0o644 }, body, (err) => (err ? reject(err) : (counted(size), resolve(sha256Of(body)))));
      return;
    }
    const hash = createHash('sha256');
    const sink = pack.entry({ name, size, mtime, mode: 0o644 }, (err) => (err ? reject(err) : resolve(hash.digest('hex'))));
    const meter = new PassThrough();
    meter.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      counted(chunk.length);
    });
    pipeline(body, meter, sink).catch(reject);
  });
}

/**
 * Writes the backup archive (tar + gzip, streamed: files never sit in memory) to `key`:
 * manifest.json first, then the records, then the files. Returns what the storage stored.
 */
export async function writeBackupArchive(input: WriteArchiveInput): Promise<PutResult> {
  const { storage, files, signal } = input;
  const { manifest, records } = recordEntries(input);
  const total = manifest.length + records.reduce((n, r) => n + r.bytes.length, 0) + files.reduce((n, f) => n + f.size, 0);
  let done = 0;
  let reported = 0;
  const counted = (n: number) => {
    done += n;
    const fraction = total === 0 ? 1 : done / total;
    // Whole percents only: the job row is written at most 100 times.
    if (Math.floor(fraction * 100) > Math.floor(reported * 100)) {
      reported = fraction;
      void input.onProgress?.(fraction);
    }
  };

  const pack = tar.pack();
  const gzip = createGzip({ level: 6 });
  const stored = storage.put(input.key, gzip, { contentType: 'application/gzip', signal });
  const packed = pipeline(pack, gzip);
  const fill = async () => {
    await addEntry(pack, MANIFEST_PATH, manifest.length, input.createdAt, manifest, counted);
    for (const r of records) await addEntry(pack, r.path, r.bytes.length, input.createdAt, r.bytes, counted);
    for (const file of files) {
      signal?.throwIfAborted();
      const got = await storage.get(file.key);
      if (got.size !== file.size || (got.sha256 !== null && got.sha256 !== file.sha256)) {
        got.body.destroy();
        throw new Error(`the stored file ${file.key} changed while the backup ran`);
      }
      // The manifest already holds the checksum: a file rewritten meanwhile would make a backup that never restores.
      const written = await addEntry(pack, `${FILES_DIR}${file.relativeKey}`, file.size, got.lastModified, got.body, counted);
      if (written !== file.sha256) throw new Error(`the stored file ${file.key} changed while the backup ran`);
    }
    pack.finalize();
  };
  try {
    const [result] = await Promise.all([stored, packed, fill()]);
    return result;
  } catch (err) {
    pack.destroy(err as Error);
    gzip.destroy(err as Error);
    await Promise.allSettled([stored, packed]);
    throw err;
  }
}

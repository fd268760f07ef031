import 'server-only';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { AppError } from '../../errors';
import { joinKey } from '../../storage/keys';
import type { Storage } from '../../storage/types';
import { classifyEntryPath, MANIFEST_PATH, parseManifest, RECORD_PATHS, refuse, type Manifest, type ManifestEntry, type RecordSet } from './manifest';
import { parseRecordSet, type BackupRecords } from './records';

/** A file of the archive, already checked against its checksum and copied to a scratch key. */
export interface StagedFile {
  relativeKey: string;
  stagedKey: string;
  contentType: string;
  size: number;
}

export interface ReadArchive {
  manifest: Manifest;
  records: BackupRecords;
  files: StagedFile[];
}

export const ARCHIVE_LIMITS = {
  manifestBytes: 16 * 1024 * 1024,
  recordBytes: 256 * 1024 * 1024,
  /** Everything the manifest may declare, unpacked: bounds what a small gzip can expand to. */
  unpackedBytes: 64 * 1024 * 1024 * 1024,
};

const RECORD_SET_OF = new Map<string, RecordSet>(Object.entries(RECORD_PATHS).map(([set, path]) => [path, set as RecordSet]));

async function readAll(entry: AsyncIterable<unknown>, limit: number, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of entry) {
    const chunk = data as Buffer;
    size += chunk.length;
    if (size > limit) throw refuse('size', `${path} is larger than ${limit} bytes`, { path });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads and validates a backup archive completely before anything is written: gzip and tar
 * framing, manifest first with a supported format version, every entry name (no traversal,
 * nothing the manifest does not list, nothing twice), every entry's size and SHA-256, every record
 * set against its zod schema, and that all records belong to the manifest's mission. Files are
 * streamed to `scratchPrefix` with their expected checksum (the storage layer refuses a mismatch),
 * never to their final place. Throws AppError `unprocessable` with a `reason` on any problem.
 */
export async function readBackupArchive(body: Readable, options: { storage: Storage; scratchPrefix: string; signal?: AbortSignal }): Promise<ReadArchive> {
  const extract = tar.extract();
  const framing = pipeline(body, createGunzip(), extract).catch((err: unknown) => {
    throw err instanceof AppError ? err : refuse('format', `The archive is not a readable tar.gz file: ${(err as Error).message}`);
  });
  framing.catch(() => undefined); // awaited below; keeps an early failure from being unhandled meanwhile
  let manifest: Manifest | undefined;
  let expected = new Map<string, ManifestEntry>();
  const seen = new Set<string>();
  const raw: Partial<Record<RecordSet, unknown>> = {};
  const files: StagedFile[] = [];
  try {
    for await (const entry of extract) {
      options.signal?.throwIfAborted();
      const { name, type, size = 0 } = entry.header;
      if (type !== 'file') throw refuse('path', `The archive entry "${name.slice(0, 200)}" is a ${type ?? 'special entry'}, not a regular file`, { path: name.slice(0, 200) });
      const kind = classifyEntryPath(name);
      if (!manifest) {
        if (kind.kind !== 'manifest') throw refuse('manifest', `The archive must start with ${MANIFEST_PATH}`);
        manifest = parseManifest(await readAll(entry, ARCHIVE_LIMITS.manifestBytes, name));
        const declared = manifest.entries.reduce((n, e) => n + e.size, 0);
        if (declared > ARCHIVE_LIMITS.unpackedBytes) throw refuse('size', `The archive declares ${declared} bytes, more than ${ARCHIVE_LIMITS.unpackedBytes}`);
        expected = new Map(manifest.entries.map((e) => [e.path, e]));
        continue;
      }
      const listed = expected.get(name);
      if (!listed) throw refuse('path', `The archive entry "${name.slice(0, 200)}" is not listed in the manifest`, { path: name.slice(0, 200) });
      if (seen.has(name)) throw refuse('path', `The archive entry "${name}" appears twice`, { path: name });
      seen.add(name);
      if (size !== listed.size) throw refuse('checksum', `${name} has ${size} bytes, the manifest says ${listed.size}`, { path: name });
      if (kind.kind === 'record') {
        const bytes = await readAll(entry, ARCHIVE_LIMITS.recordBytes, name);
        if (sha256Of(bytes) !== listed.sha256) throw refuse('checksum', `${name} does not match its checksum`, { path: name });
        try {
          raw[RECORD_SET_OF.get(name)!] = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw refuse('record', `${name} is not valid JSON`, { path: name });
        }
      } else if (kind.kind === 'file') {
        let stagedKey: string;
        try {
          stagedKey = joinKey(options.scratchPrefix.replace(/\/$/, ''), kind.relativeKey);
        } catch {
          throw refuse('path', `The archive entry "${name}" cannot be stored`, { path: name });
        }
        const contentType = listed.contentType ?? 'application/octet-stream';
        try {
          // tar-stream's entries are streamx streams; the storage layer takes Node streams.
          await options.storage.put(stagedKey, Readable.from(entry), { expectedSha256: listed.sha256, expectedSize: listed.size, contentType, signal: options.signal });
        } catch (err) {
          if (err instanceof AppError && err.code === 'unprocessable') throw refuse('checksum', `${name} does not match its checksum`, { path: name });
          throw err;
        }
        files.push({ relativeKey: kind.relativeKey, stagedKey, contentType, size: listed.size });
      } else {
        throw refuse('path', `${MANIFEST_PATH} appears twice`);
      }
    }
    await framing;
  } catch (err) {
    extract.destroy();
    // A broken gzip or tar stream also surfaces here (the iterator is destroyed with it): say "not a tar.gz".
    const framingFailure = await framing.then(() => null, (e: unknown) => e);
    if (!(err instanceof AppError) && framingFailure instanceof AppError) throw framingFailure;
    throw err;
  }
  if (!manifest) throw refuse('manifest', `The archive has no ${MANIFEST_PATH}`);
  const missing = [...expected.keys()].filter((path) => !seen.has(path));
  if (missing.length > 0) throw refuse('manifest', `The archive lacks ${missing.length} entries the manifest lists`, { missing: missing.slice(0, 20) });

  const records = {
    mission: parseRecordSet('mission', raw.mission),
    buildings: parseRecordSet('buildings', raw.buildings),
    tags: parseRecordSet('tags', raw.tags),
    shares: parseRecordSet('shares', raw.shares),
    datasets: parseRecordSet('datasets', raw.datasets),
    auditEvents: parseRecordSet('auditEvents', raw.auditEvents),
  };
  assertOneMission(manifest.missionId, records);
  return { manifest, records, files };
}

/** Every record must belong to the manifest's mission: an archive cannot smuggle rows into another one. */
export function assertOneMission(missionId: number, records: BackupRecords): void {
  const foreign =
    records.mission.id !== missionId ||
    records.buildings.some((b) => b.missionId !== missionId) ||
    records.shares.some((s) => s.missionId !== missionId) ||
    records.datasets.some((d) => d.missionId !== missionId) ||
    records.auditEvents.some((a) => a.missionId !== missionId);
  if (foreign) throw refuse('record', `Records of the archive belong to a mission other than ${missionId}`);
  const unique = (ids: number[]) => new Set(ids).size === ids.length;
  if (!unique(records.buildings.map((b) => b.id)) || !unique(records.datasets.map((d) => d.id)) || !unique(records.tags.map((t) => t.id)) || !unique(records.shares.map((s) => s.customerId))) {
    throw refuse('record', 'The archive lists a record twice');
  }
}

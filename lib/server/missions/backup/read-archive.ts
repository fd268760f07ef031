import 'server-only';
import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { AppError } from '../../errors';
import { joinKey } from '../../storage/keys';
import type { Storage } from '../../storage/types';
import { classifyEntryPath, MANIFEST_PATH, parseManifest, RECORD_PATHS, refuse, type Manifest, type ManifestEntry, type RecordSet } from './manifest';
import { BoundedJsonParser, formatPath, JsonLimitError, JsonSyntaxError, JsonTextError } from '../../json/bounded-json';
import { contentProblems } from './content-records';
import { reviewProblems } from './review-records';
import { parseRecord, type BackupRecords } from './records';

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

/**
 * What a restore reads at most (issue 13: bounded input). The archive is a stream: every limit is
 * checked as bytes arrive, so a small gzip that expands enormously, a huge JSON array or a deeply
 * nested record is refused (413) before it is buffered, and nothing is written.
 */
export const ARCHIVE_LIMITS = {
  manifestBytes: 16 * 1024 * 1024,
  /** The record files together, as JSON bytes (they are held in memory until the transaction). */
  recordBytes: 64 * 1024 * 1024,
  /** Records of one set (buildings, audit events, ...). */
  recordsPerSet: 100_000,
  /** Nesting of a record file (a building footprint or an audit diff needs well under 20). */
  recordDepth: 32,
  /** One string of a record: the longest text field allows 10,000 characters. */
  recordStringLength: 64 * 1024,
  /** Everything the archive may unpack to, whatever the manifest declares. */
  unpackedBytes: 64 * 1024 * 1024 * 1024,
  /** Unpacked bytes per compressed byte; scan data compresses 1.5-3x, JSON 10-20x. */
  expansionRatio: 100,
  /** The ratio is checked once this much is unpacked (a tiny archive is mostly tar padding). */
  ratioGraceBytes: 8 * 1024 * 1024,
};
export type ArchiveLimits = typeof ARCHIVE_LIMITS;

/** Entries of one array or object inside a record (a footprint's vertices); the record bytes bound them anyway. */
const RECORD_CONTAINER_ITEMS = 100_000;
/** tar framing per entry at most: a header, a PAX header with a long name, and padding. */
const ENTRY_OVERHEAD_BYTES = 4096;
/** The end-of-archive blocks and the record padding of other tar writers. */
const ARCHIVE_TAIL_BYTES = 64 * 1024;

const RECORD_SET_OF = new Map<string, RecordSet>(Object.entries(RECORD_PATHS).map(([set, path]) => [path, set as RecordSet]));

const tooLarge = (limit: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError('payload_too_large', message, { reason: 'size', limit, ...details });

async function readAll(entry: AsyncIterable<unknown>, limit: number, path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of entry) {
    const chunk = data as Buffer;
    size += chunk.length;
    if (size > limit) throw tooLarge('manifestBytes', `${path} is larger than ${limit} bytes`, { path, max: limit });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Counts the compressed bytes going into gunzip. */
class Meter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Counts the bytes coming out of gunzip and stops the stream past the allowance (what the manifest
 * declares plus tar framing, once it is read) or past the expansion ratio: a gzip bomb is cut off
 * after a few megabytes instead of being unpacked.
 */
class ExpansionGuard extends Transform {
  bytes = 0;
  allowance: number;
  constructor(
    private readonly compressed: Meter,
    private readonly limits: ArchiveLimits,
  ) {
    super();
    this.allowance = limits.manifestBytes + ENTRY_OVERHEAD_BYTES + ARCHIVE_TAIL_BYTES;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    const { expansionRatio, ratioGraceBytes, unpackedBytes } = this.limits;
    if (this.bytes > Math.min(this.allowance, unpackedBytes)) {
      return callback(tooLarge('unpackedBytes', `The archive unpacks to more than the ${Math.min(this.allowance, unpackedBytes)} bytes it may hold`, { max: Math.min(this.allowance, unpackedBytes) }));
    }
    if (this.bytes > ratioGraceBytes && this.bytes > expansionRatio * this.compressed.bytes) {
      return callback(tooLarge('expansionRatio', `The archive expands more than ${expansionRatio} times: refused as a compression bomb`, { max: expansionRatio }));
    }
    callback(null, chunk);
  }
}

/** Shared by the record files of one archive: their bytes together stay under the limit. */
interface RecordBudget {
  bytes: number;
}

/**
 * Streams one record file through its checksum and the bounded parser: arrays are validated
 * record by record with the set's zod schema (a bad record is refused at once, without collecting
 * a million issues), and only valid records are kept.
 */
async function readRecordSet(entry: AsyncIterable<unknown>, set: RecordSet, name: string, limits: ArchiveLimits, budget: RecordBudget): Promise<{ value: unknown; sha256: string }> {
  const hash = createHash('sha256');
  const kept: unknown[] = [];
  const parser = new BoundedJsonParser({
    limits: { maxBytes: limits.recordBytes - budget.bytes, maxDepth: limits.recordDepth, maxStringLength: limits.recordStringLength, maxItems: RECORD_CONTAINER_ITEMS },
    maxStreamedItems: limits.recordsPerSet,
    rejectUnstorableText: true,
    onItem: set === 'mission' ? undefined : (item, index) => kept.push(parseRecord(set, item, index)),
  });
  try {
    for await (const data of entry) {
      const chunk = data as Buffer;
      budget.bytes += chunk.length;
      hash.update(chunk);
      parser.write(chunk);
    }
    const value = parser.end();
    return { value: set === 'mission' ? parseRecord(set, value, null) : kept, sha256: hash.digest('hex') };
  } catch (err) {
    if (err instanceof JsonLimitError) {
      if (err.limit === 'maxBytes') throw tooLarge('recordBytes', `The records of the archive are larger than ${limits.recordBytes} bytes together`, { path: name, max: limits.recordBytes });
      const limit = { maxDepth: 'recordDepth', maxStringLength: 'recordStringLength', maxItems: err.path.length === 1 ? 'recordsPerSet' : 'recordContainerItems' }[err.limit];
      throw tooLarge(limit, `${name}: ${err.message}`, { path: name, max: err.max });
    }
    if (err instanceof JsonTextError) throw refuse('record', `${name}: a text ${err.message}`, { path: name, set, field: formatPath(err.path) });
    if (err instanceof JsonSyntaxError) throw refuse('record', `${name} is not valid JSON: ${err.message}`, { path: name });
    throw err;
  }
}

/**
 * Reads and validates a backup archive completely before anything is written: gzip and tar
 * framing, manifest first with a supported format version, every entry name (no traversal,
 * nothing the manifest does not list, nothing twice), every entry's size and SHA-256, every record
 * set against its zod schema, and that all records belong to the manifest's mission. Files are
 * streamed to `scratchPrefix` with their expected checksum (the storage layer refuses a mismatch),
 * never to their final place. Throws AppError `unprocessable` with a `reason` on any problem.
 */
export async function readBackupArchive(
  body: Readable,
  options: { storage: Storage; scratchPrefix: string; signal?: AbortSignal; limits?: Partial<ArchiveLimits> },
): Promise<ReadArchive> {
  const limits = { ...ARCHIVE_LIMITS, ...options.limits };
  const extract = tar.extract();
  const compressed = new Meter();
  const expanded = new ExpansionGuard(compressed, limits);
  const budget: RecordBudget = { bytes: 0 };
  const framing = pipeline(body, compressed, createGunzip(), expanded, extract).catch((err: unknown) => {
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
        manifest = parseManifest(await readAll(entry, limits.manifestBytes, name));
        const declared = manifest.entries.reduce((n, e) => n + e.size, 0);
        if (declared > limits.unpackedBytes) throw tooLarge('unpackedBytes', `The archive declares ${declared} bytes, more than ${limits.unpackedBytes}`, { max: limits.unpackedBytes });
        // From here on the archive may unpack to what it declares, plus framing: not a byte more.
        expanded.allowance = expanded.bytes + declared + manifest.entries.length * ENTRY_OVERHEAD_BYTES + ARCHIVE_TAIL_BYTES;
        expected = new Map(manifest.entries.map((e) => [e.path, e]));
        continue;
      }
      const listed = expected.get(name);
      if (!listed) throw refuse('path', `The archive entry "${name.slice(0, 200)}" is not listed in the manifest`, { path: name.slice(0, 200) });
      if (seen.has(name)) throw refuse('path', `The archive entry "${name}" appears twice`, { path: name });
      seen.add(name);
      if (size !== listed.size) throw refuse('checksum', `${name} has ${size} bytes, the manifest says ${listed.size}`, { path: name });
      if (kind.kind === 'record') {
        const set = RECORD_SET_OF.get(name)!;
        const { value, sha256 } = await readRecordSet(entry, set, name, limits, budget);
        if (sha256 !== listed.sha256) throw refuse('checksum', `${name} does not match its checksum`, { path: name });
        raw[set] = value;
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

  // Every record set is listed in the manifest and was read (checked above), each record validated as it streamed.
  const records = raw as BackupRecords;
  assertOneMission(manifest.missionId, records);
  return { manifest, records, files };
}

/** Every record must belong to the manifest's mission: an archive cannot smuggle rows into another one. */
export function assertOneMission(missionId: number, records: BackupRecords): void {
  const { measurements = [], renderedSlices = [], tours = [], tourImages = [], tourPanoramas = [] } = records;
  const content = contentProblems(missionId, { measurements, renderedSlices, tours, tourImages, tourPanoramas });
  if (content) throw refuse('record', `Viewer or tour records of the archive ${content}`);
  const { missionFiles = [], missionImages = [], missionBlurring = [], panelizerProjects = [], panelizerExports = [] } = records;
  const review = reviewProblems(missionId, new Set(records.datasets.map((d) => d.id)), { missionFiles, missionImages, missionBlurring, panelizerProjects, panelizerExports });
  if (review) throw refuse('record', `Blurring or panelizer records of the archive ${review}`);
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

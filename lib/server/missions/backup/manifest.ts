import 'server-only';
import { z } from 'zod';
import { AppError } from '../../errors';
import { JsonLimitError, JsonTextError, parseBoundedJson } from '../../json/bounded-json';

/**
 * The backup archive's table of contents (docs/adr/0006-mission-backup.md): a gzip-compressed tar
 * whose FIRST entry is `manifest.json`, then the records as JSON (`records/*.json`), then the
 * mission's stored files (`files/<key below missions/<id>/>`). Every other entry is listed in the
 * manifest with its size and SHA-256, so a restore can check each byte before anything is written.
 */
export const BACKUP_FORMAT = 'argus.mission-backup';
/**
 * Version 2 added the viewer's items, rendered slices and tours (content-records.ts), version 3
 * the blurring review and the panelizer (review-records.ts); versions 1 and 2 are still read.
 */
export const BACKUP_FORMAT_VERSION = 3;
export const READABLE_FORMAT_VERSIONS = [1, 2, 3] as const;
export type FormatVersion = (typeof READABLE_FORMAT_VERSIONS)[number];
export const MANIFEST_PATH = 'manifest.json';

/** The record sets of a backup and the archive entry each lives in. */
export const RECORD_PATHS = {
  mission: 'records/mission.json',
  buildings: 'records/buildings.json',
  tags: 'records/tags.json',
  shares: 'records/shares.json',
  datasets: 'records/datasets.json',
  auditEvents: 'records/audit-events.json',
  measurements: 'records/measurements.json',
  renderedSlices: 'records/rendered-slices.json',
  tours: 'records/tours.json',
  tourImages: 'records/tour-images.json',
  tourPanoramas: 'records/tour-panoramas.json',
  missionFiles: 'records/mission-files.json',
  missionImages: 'records/mission-images.json',
  missionBlurring: 'records/mission-blurring.json',
  panelizerProjects: 'records/panelizer-projects.json',
  panelizerExports: 'records/panelizer-exports.json',
} as const;
export type RecordSet = keyof typeof RECORD_PATHS;
const RECORD_PATH_SET = new Set<string>(Object.values(RECORD_PATHS));
/** The sets a version-1 archive has; the others came with version 2 or 3. */
export const VERSION_1_SETS: readonly RecordSet[] = ['mission', 'buildings', 'tags', 'shares', 'datasets', 'auditEvents'];
/** The sets that came with version 3 (every other set is in a version-2 archive). */
export const VERSION_3_SETS: readonly RecordSet[] = ['missionFiles', 'missionImages', 'missionBlurring', 'panelizerProjects', 'panelizerExports'];
/** The format version that introduced each archive entry of records. */
const SINCE = new Map<string, number>(
  (Object.keys(RECORD_PATHS) as RecordSet[]).map((set) => [RECORD_PATHS[set], VERSION_1_SETS.includes(set) ? 1 : VERSION_3_SETS.includes(set) ? 3 : 2]),
);

export const FILES_DIR = 'files/';

/** Why an archive was refused; the UI translates it (missions.backup.refused.<reason>). */
export type RefusalReason = 'format' | 'manifest' | 'version' | 'path' | 'checksum' | 'record' | 'mission' | 'reference' | 'size';

export const refuse = (reason: RefusalReason, message: string, details: Record<string, unknown> = {}) =>
  new AppError('unprocessable', message, { reason, ...details });

const MAX_PATH_BYTES = 900; // leaves room below the storage layer's 1024-byte key limit for missions/<id>/
const FORBIDDEN = /[\u0000-\u001f\u007f\\:]/;

/**
 * Checks an archive entry's name and says what it is. Anything that could leave the mission's own
 * folder when written — absolute paths, `..` or `.` segments, backslashes, drive letters, empty
 * segments, non-NFC spellings — is refused, never repaired.
 */
export function classifyEntryPath(name: string): { kind: 'manifest' } | { kind: 'record' } | { kind: 'file'; relativeKey: string } {
  const bad = (why: string) => refuse('path', `The archive entry "${name.slice(0, 200)}" is not allowed: ${why}`, { path: name.slice(0, 200) });
  if (typeof name !== 'string' || name === '') throw bad('empty name');
  if (Buffer.byteLength(name) > MAX_PATH_BYTES) throw bad('name too long');
  if (FORBIDDEN.test(name)) throw bad('control character, backslash or colon');
  if (name.normalize('NFC') !== name) throw bad('not in Unicode NFC form');
  if (name.startsWith('/')) throw bad('absolute path');
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw bad(`"${segment}" segment`);
  }
  if (name === MANIFEST_PATH) return { kind: 'manifest' };
  if (RECORD_PATH_SET.has(name)) return { kind: 'record' };
  if (name.startsWith(FILES_DIR) && name.length > FILES_DIR.length) return { kind: 'file', relativeKey: name.slice(FILES_DIR.length) };
  throw bad('outside manifest.json, records/ and files/');
}

const MAX_ENTRIES = 100_000;
const MANIFEST_JSON_LIMITS = { maxBytes: Number.MAX_SAFE_INTEGER, maxDepth: 8, maxStringLength: 4096, maxItems: MAX_ENTRIES + 1 };

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

const entrySchema = z.strictObject({
  path: z.string().min(1),
  sha256,
  size: z.number().int().nonnegative(),
  /** Files only: the stored content type, restored with the file. */
  contentType: z.string().min(1).max(200).optional(),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

export const manifestSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT),
    formatVersion: z.union(READABLE_FORMAT_VERSIONS.map((v) => z.literal(v))),
    missionId: z.number().int().positive(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Identity id of whoever asked for the backup. */
    createdBy: z.uuid().nullable(),
    entries: z.array(entrySchema).max(MAX_ENTRIES),
  })
  .superRefine((m, ctx) => {
    const seen = new Set<string>();
    m.entries.forEach((entry, i) => {
      if (seen.has(entry.path)) ctx.addIssue({ code: 'custom', path: ['entries', i, 'path'], message: `listed twice: ${entry.path}` });
      seen.add(entry.path);
      try {
        const kind = classifyEntryPath(entry.path).kind;
        if (kind === 'manifest') ctx.addIssue({ code: 'custom', path: ['entries', i, 'path'], message: 'the manifest cannot list itself' });
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'path'], message: (err as Error).message });
      }
    });
    for (const path of RECORD_PATH_SET) {
      const expected = m.formatVersion >= SINCE.get(path)!;
      if (expected && !seen.has(path)) ctx.addIssue({ code: 'custom', path: ['entries'], message: `missing ${path}` });
      if (!expected && seen.has(path)) ctx.addIssue({ code: 'custom', path: ['entries'], message: `${path} is not part of format version ${m.formatVersion}` });
    }
  });
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Parses the manifest's bytes: a different `format` or `formatVersion` is a version refusal
 * (said first, so an archive from a newer Argus gets that answer rather than a list of schema errors).
 */
export function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    // Bounded: a manifest of millions of entries or deep nesting is refused while it is parsed.
    json = parseBoundedJson(bytes, { limits: MANIFEST_JSON_LIMITS, rejectUnstorableText: true });
  } catch (err) {
    if (err instanceof JsonLimitError) throw new AppError('payload_too_large', `manifest.json is ${err.message}`, { reason: 'size', limit: 'manifest', max: err.max });
    throw refuse('manifest', `manifest.json is not valid JSON${err instanceof JsonTextError ? `: ${err.message}` : ''}`);
  }
  const head = json as { format?: unknown; formatVersion?: unknown } | null;
  if (!head || typeof head !== 'object' || head.format !== BACKUP_FORMAT) {
    throw refuse('format', 'This file is not an Argus mission backup');
  }
  if (!(READABLE_FORMAT_VERSIONS as readonly unknown[]).includes(head.formatVersion)) {
    throw refuse('version', `Backup format version ${String(head.formatVersion)} is not supported (expected ${READABLE_FORMAT_VERSIONS.join(' or ')})`, {
      formatVersion: head.formatVersion ?? null,
    });
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw refuse('manifest', 'manifest.json is invalid', { issues: parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`) });
  }
  return parsed.data;
}

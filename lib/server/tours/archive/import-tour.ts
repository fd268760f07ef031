import 'server-only';
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { nodeFiles, panoramaFilePath, TOUR_ARCHIVE_PANORAMA_FILE, tourArchiveManifestSchema, type TourArchiveManifest } from '@/lib/shared/schemas/tour-archive';
import { recordAudit } from '../../audit/record-audit';
import { tour } from '../../db/schema';
import { inTransaction, type DomainContext } from '../../domain/context';
import { AppError } from '../../errors';
import { requireMission } from '../../missions/visibility';
import { tourPrefix } from '../generate-job';
import { EDIT_TOURS } from '../tour-access';
import { toTourDto } from '../tour-dto';
import { entryTooCompressed, MAX_ENTRIES, MAX_ENTRY_BYTES, MAX_IMAGE_PIXELS, MAX_TOTAL_BYTES } from './archive-limits';
import { classifyPath } from './archive-paths';
import { jpegSize } from './jpeg-size';
import { readCentralDirectory, readEntry, ZipFormatError, type ZipEntry } from './zip-reader';

const MANIFEST_BYTES = 4 * 1024 ** 2;

/** A refusal of the archive: 422 with the `tours.import.*` key the UI shows. */
const refuse = (key: string, message: string, details: Record<string, unknown> = {}) => new AppError('unprocessable', message, details, `tours.import.${key}`);

/**
 * Imports an exported tour zip (POST /missions/{id}/tours/import) as a new, unpublished tour of
 * the mission. Everything that can be checked from the zip directory is checked before any byte
 * is unpacked (paths, entry count, sizes, ratios), then the manifest, then each image's header
 * before it is stored. Files go under a prefix of their own that only the final commit makes
 * the tour's; any failure removes that prefix, so a refused archive leaves nothing behind.
 */
export async function importTour(ctx: DomainContext, input: { missionId: number; file: FileHandle; size: number }): Promise<TourDto> {
  await requireMission(ctx, input.missionId, EDIT_TOURS);
  const { entries, archive } = await readArchive(input.file, input.size);
  // The tour's id is drawn first so its files land under the tour's own prefix (deleteTour removes it).
  const [{ id }] = (await ctx.db.execute(sql`select nextval(pg_get_serial_sequence('tour', 'id'))::bigint as id`)).rows as [{ id: string }];
  const tourId = Number(id);
  const prefix = `${tourPrefix(input.missionId, tourId)}g-import-${randomBytes(8).toString('hex')}/`;
  try {
    await storeImages(ctx, input, entries, archive, prefix);
    return await inTransaction(ctx, async (tx) => {
      await requireMission(tx, input.missionId, EDIT_TOURS, { lock: true });
      const [row] = await tx.db
        .insert(tour)
        .overridingSystemValue()
        .values({ id: tourId, missionId: input.missionId, name: archive.name, outputPrefix: prefix, manifest: archive.tour, generatedAt: tx.clock.now() })
        .returning();
      await recordAudit(tx, { entity: 'tour', entityId: tourId, missionId: input.missionId, action: 'import', diff: { name: archive.name, panoramas: archive.tour.nodes.length } });
      return toTourDto(row!, null);
    });
  } catch (err) {
    await ctx.storage.deletePrefix(prefix).catch((cleanup: unknown) => ctx.log.error(`could not remove ${prefix}`, cleanup));
    throw err;
  }
}

async function readArchive(file: FileHandle, size: number): Promise<{ entries: Map<string, ZipEntry>; archive: TourArchiveManifest }> {
  try {
    const entries = checkDirectory(await readCentralDirectory(file, size, MAX_ENTRIES));
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw refuse('invalidManifest', 'The archive has no manifest.json');
    if (manifestEntry.size > MANIFEST_BYTES) throw refuse('tooLarge', 'manifest.json is too large');
    let json: unknown;
    try {
      json = JSON.parse((await readEntry(file, size, manifestEntry)).toString('utf8'));
    } catch (err) {
      if (err instanceof ZipFormatError) throw err;
      throw refuse('invalidManifest', 'manifest.json is not JSON');
    }
    const parsed = tourArchiveManifestSchema.safeParse(json);
    if (!parsed.success) {
      throw refuse('invalidManifest', 'manifest.json does not describe a tour', { issues: parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message })) });
    }
    checkPanoramaFiles(entries, parsed.data);
    return { entries, archive: parsed.data };
  } catch (err) {
    if (err instanceof ZipFormatError) throw refuse(err.key.replace(/^tours\.import\./, ''), err.message);
    throw err;
  }
}

/** Paths confined, entries bounded: decided from the directory alone, before anything is unpacked. */
function checkDirectory(list: readonly ZipEntry[]): Map<string, ZipEntry> {
  const files = new Map<string, ZipEntry>();
  let total = 0;
  for (const entry of list) {
    const verdict = classifyPath(entry.name, entry.unixMode);
    if (verdict === 'unsafe') throw refuse('unsafePath', `"${entry.name}" points outside the tour`, { path: entry.name });
    if (verdict === 'unexpected') throw refuse('unexpectedPath', `"${entry.name}" is not part of a tour archive`, { path: entry.name });
    if (verdict === 'folder') continue;
    if (files.has(entry.name)) throw refuse('unexpectedPath', `"${entry.name}" appears twice`, { path: entry.name });
    if (entry.size > MAX_ENTRY_BYTES || entryTooCompressed(entry)) throw refuse('tooLarge', `"${entry.name}" unpacks to too much`, { path: entry.name });
    total += entry.size;
    if (total > MAX_TOTAL_BYTES) throw refuse('tooLarge', 'The archive unpacks to too much');
    files.set(entry.name, entry);
  }
  return files;
}

/** Each panorama's preview and tiles are there, and nothing else under `panoramas/`. */
function checkPanoramaFiles(entries: ReadonlyMap<string, ZipEntry>, archive: TourArchiveManifest): void {
  const expected = new Set(archive.tour.nodes.flatMap((node) => nodeFiles(node).map((file) => panoramaFilePath(node.id, file))));
  for (const path of expected) if (!entries.has(path)) throw refuse('missingFile', `"${path}" is missing`, { path });
  for (const path of entries.keys()) {
    if (TOUR_ARCHIVE_PANORAMA_FILE.test(path) && !expected.has(path)) throw refuse('unexpectedPath', `"${path}" is not part of the tour`, { path });
  }
}

/** Unpacks and stores each image after its header passed: JPEG, size as the manifest says, pixels bounded. */
async function storeImages(ctx: DomainContext, input: { file: FileHandle; size: number }, entries: ReadonlyMap<string, ZipEntry>, archive: TourArchiveManifest, prefix: string): Promise<void> {
  for (const node of archive.tour.nodes) {
    for (const file of nodeFiles(node)) {
      const path = panoramaFilePath(node.id, file);
      const bytes = await readEntry(input.file, input.size, entries.get(path)!).catch((err: unknown) => {
        throw err instanceof ZipFormatError ? refuse(err.key.replace(/^tours\.import\./, ''), err.message) : err;
      });
      checkImage(path, bytes, file === 'preview.jpg' ? null : archive.tour.tileSize);
      await ctx.storage.put(`${prefix}${node.id}/${file}`, bytes, { contentType: 'image/jpeg' });
    }
  }
}

function checkImage(path: string, bytes: Uint8Array, tileSize: number | null): void {
  const size = jpegSize(bytes);
  if (!size) throw refuse('invalidImage', `"${path}" is not a JPEG image`, { path });
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw refuse('imageTooLarge', `"${path}" is ${size.width}×${size.height} pixels`, { path, width: size.width, height: size.height });
  const fits = tileSize === null ? size.width === 2 * size.height : size.width === tileSize && size.height === tileSize;
  if (!fits) throw refuse('invalidImage', `"${path}" is ${size.width}×${size.height}, not what the manifest says`, { path });
}

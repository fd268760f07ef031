import 'server-only';

/*
 * Bounds of a tour archive accepted by the import. A generated tour of 500 panoramas at 8192
 * pixels (the most a generation makes) is about 90 000 tiles; real tours are far smaller, and
 * these limits keep one request from filling the disk or the memory.
 */

/** The request body (the zip as uploaded). */
export const MAX_ARCHIVE_BYTES = 1024 ** 3;
/** Entries in the zip directory. */
export const MAX_ENTRIES = 20_000;
/** Everything unpacked together, as the directory declares it (and inflating enforces). */
export const MAX_TOTAL_BYTES = 2 * 1024 ** 3;
/** One file unpacked: a tile is about 100 kB, the viewer script under 1 MB. */
export const MAX_ENTRY_BYTES = 32 * 1024 ** 2;
/**
 * Unpacked / packed of one entry beyond its first MiB: JPEGs do not shrink, scripts and JSON
 * shrink about tenfold; a zip bomb shrinks a thousandfold.
 */
export const MAX_RATIO = 100;
export const RATIO_FREE_BYTES = 1024 ** 2;
/** A preview is 1024×512; nothing the generator makes comes near this (checked from the header). */
export const MAX_IMAGE_PIXELS = 16384 * 8192;

export function entryTooCompressed(entry: { size: number; compressedSize: number }): boolean {
  return entry.size > RATIO_FREE_BYTES && entry.size / Math.max(entry.compressedSize, 1) > MAX_RATIO;
}

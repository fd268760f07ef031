import 'server-only';
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/** One entry of a zip's central directory, as declared (the import checks it against limits before reading). */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  /** Unix mode from the upper half of the external attributes (0 when not made on Unix). */
  unixMode: number;
}

/** A zip that cannot be read as one (the import answers 422 with its key). */
export class ZipFormatError extends Error {
  constructor(readonly key: string, message: string) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError('tours.import.notZip', 'The archive ends early');
  return buffer;
}

/**
 * The central directory of a zip on disk, without reading any entry's data. Zip64 and
 * encryption are refused: an exported tour needs neither, and refusing them keeps the declared
 * sizes the ones checked. At most `maxEntries` are read.
 */
export async function readCentralDirectory(file: FileHandle, size: number, maxEntries: number): Promise<ZipEntry[]> {
  if (size < 22) throw new ZipFormatError('tours.import.notZip', 'The file is not a zip archive');
  const tailLength = Math.min(size, 22 + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError('tours.import.notZip', 'The file is not a zip archive');
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipFormatError('tours.import.notZip', 'Zip64 archives are not accepted');
  if (count > maxEntries) throw new ZipFormatError('tours.import.tooManyEntries', `The archive has more than ${maxEntries} entries`);
  if (directoryOffset + directorySize > size) throw new ZipFormatError('tours.import.notZip', 'The zip directory lies outside the file');
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('tours.import.notZip', 'The zip directory is damaged');
    const nameLength = directory.readUInt16LE(p + 28);
    const extraLength = directory.readUInt16LE(p + 30);
    const commentLength = directory.readUInt16LE(p + 32);
    if (p + 46 + nameLength > directory.length) throw new ZipFormatError('tours.import.notZip', 'The zip directory is damaged');
    const entry: ZipEntry = {
      flags: directory.readUInt16LE(p + 8),
      method: directory.readUInt16LE(p + 10),
      crc: directory.readUInt32LE(p + 16),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      unixMode: directory.readUInt32LE(p + 38) >>> 16,
      localHeaderOffset: directory.readUInt32LE(p + 42),
      name: directory.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.flags & 1) throw new ZipFormatError('tours.import.notZip', `"${entry.name}" is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError('tours.import.notZip', `"${entry.name}" uses an unsupported compression`);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new ZipFormatError('tours.import.notZip', 'Zip64 archives are not accepted');
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's bytes. Inflating stops as soon as more than the declared size came out (a zip
 * whose directory understates a bomb), and the CRC must match.
 */
export async function readEntry(file: FileHandle, fileSize: number, entry: ZipEntry): Promise<Buffer> {
  const local = await readAt(file, entry.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL) throw new ZipFormatError('tours.import.notZip', `"${entry.name}" is damaged`);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > fileSize) throw new ZipFormatError('tours.import.notZip', `"${entry.name}" lies outside the file`);
  const raw = await readAt(file, start, entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else {
    try {
      data = await inflate(raw, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (err) {
      // maxOutputLength exceeded (ERR_BUFFER_TOO_LARGE, a RangeError).
      if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipFormatError('tours.import.tooLarge', `"${entry.name}" is larger than its zip directory says`);
      throw new ZipFormatError('tours.import.notZip', `"${entry.name}" cannot be decompressed`);
    }
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw new ZipFormatError('tours.import.notZip', `"${entry.name}" is damaged`);
  return data;
}

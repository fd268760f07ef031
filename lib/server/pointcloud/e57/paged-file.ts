import { type ByteSource, PointCloudError } from '../types';
import { crc32c } from './crc32c';

export const PAGE_SIZE = 1024;
/** Each page ends with a 4-byte checksum; the rest is payload ("logical" bytes). */
export const PAYLOAD_SIZE = 1020;

// 256 pages (256 KiB) per read: a data packet is at most 64 KiB, so most packets need no new read.
const WINDOW_PAGES = 256;

/** Physical file offset → offset in the stream of payload bytes. */
export function logicalOffset(physical: number): number {
  const inPage = physical % PAGE_SIZE;
  if (inPage >= PAYLOAD_SIZE) throw new PointCloudError('malformedHeader', 'e57 offset inside a page checksum');
  return Math.floor(physical / PAGE_SIZE) * PAYLOAD_SIZE + inPage;
}

/**
 * The payload of an E57 file, addressed by logical offset. Every page is checked against its
 * CRC-32C when it is first read, so no byte reaches a decoder unverified.
 */
export class PagedFile {
  private cacheFirstPage = 0;
  private cache = new Uint8Array(0);
  private readonly pageCount: number;

  constructor(private readonly bytes: ByteSource, physicalLength: number) {
    this.pageCount = Math.floor(physicalLength / PAGE_SIZE);
  }

  async read(logical: number, length: number): Promise<Uint8Array> {
    const firstPage = Math.floor(logical / PAYLOAD_SIZE);
    const endPage = Math.ceil((logical + length) / PAYLOAD_SIZE);
    if (firstPage < this.cacheFirstPage || endPage > this.cacheFirstPage + this.cache.length / PAYLOAD_SIZE) {
      await this.load(firstPage, Math.max(endPage - firstPage, WINDOW_PAGES));
    }
    const start = logical - this.cacheFirstPage * PAYLOAD_SIZE;
    return this.cache.subarray(start, start + length);
  }

  private async load(firstPage: number, wanted: number): Promise<void> {
    const count = Math.min(wanted, this.pageCount - firstPage);
    if (count <= 0) throw new PointCloudError('truncated', 'e57 read past the last page');
    const raw = await this.bytes.read(firstPage * PAGE_SIZE, count * PAGE_SIZE);
    if (raw.length < count * PAGE_SIZE) throw new PointCloudError('truncated', 'e57 page missing');
    const payload = new Uint8Array(count * PAYLOAD_SIZE);
    for (let page = 0; page < count; page++) {
      const at = page * PAGE_SIZE;
      const stored = ((raw[at + 1020]! << 24) | (raw[at + 1021]! << 16) | (raw[at + 1022]! << 8) | raw[at + 1023]!) >>> 0;
      if (crc32c(raw, at, at + PAYLOAD_SIZE) !== stored) throw new PointCloudError('badChecksum', 'e57 page checksum');
      payload.set(raw.subarray(at, at + PAYLOAD_SIZE), page * PAYLOAD_SIZE);
    }
    this.cacheFirstPage = firstPage;
    this.cache = payload;
  }
}

import { PointCloudError } from '../types';
import { createDecoder } from './bytestreams';
import { logicalOffset, type PagedFile } from './paged-file';
import { type PrototypeField, type Scan } from './scans';

const DATA_PACKET = 1;
const COMPRESSED_VECTOR_SECTION = 1;

const truncated = (why: string) => new PointCloudError('truncated', why);

/**
 * The records of a scan's `points` compressed vector, as columns (one per requested field, in the
 * order given), a packet's worth at a time. Index and empty packets are skipped.
 */
export async function* readColumns(file: PagedFile, scan: Scan, fields: PrototypeField[]): AsyncGenerator<Float64Array[]> {
  if (scan.recordCount === 0) return;
  const decoders = fields.map((field) => {
    const decoder = createDecoder(field.codec, scan.recordCount);
    if (!decoder) throw new PointCloudError('malformedHeader', 'e57 field type');
    return decoder;
  });

  const sectionStart = logicalOffset(scan.fileOffset);
  const section = await file.read(sectionStart, 32);
  const view = new DataView(section.buffer, section.byteOffset, section.byteLength);
  if (section.length < 32 || section[0] !== COMPRESSED_VECTOR_SECTION) throw new PointCloudError('malformedHeader', 'e57 compressed vector section');
  const sectionEnd = sectionStart + Number(view.getBigUint64(8, true));
  let packetStart = logicalOffset(Number(view.getBigUint64(16, true)));

  let emitted = 0;
  while (emitted < scan.recordCount) {
    if (packetStart + 4 > sectionEnd) throw truncated('e57 section ends before its records');
    const head = await file.read(packetStart, 4);
    const length = (head[2]! | (head[3]! << 8)) + 1;
    if (head[0] === DATA_PACKET) {
      const packet = await file.read(packetStart, length);
      const packetView = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
      const streamCount = packetView.getUint16(4, true);
      let at = 6 + 2 * streamCount;
      const pieces: Uint8Array[] = [];
      for (let s = 0; s < streamCount; s++) {
        const pieceLength = packetView.getUint16(6 + 2 * s, true);
        if (at + pieceLength > length) throw new PointCloudError('malformedHeader', 'e57 data packet');
        pieces.push(packet.subarray(at, at + pieceLength));
        at += pieceLength;
      }
      fields.forEach((field, f) => {
        const piece = pieces[field.stream];
        if (piece) decoders[f]!.push(piece);
      });
      const ready = Math.min(...decoders.map((d) => d.available), scan.recordCount - emitted);
      if (ready > 0) {
        emitted += ready;
        yield decoders.map((d) => d.take(ready));
      }
    }
    packetStart += length;
  }
}

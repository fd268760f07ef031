/**
 * CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum of every E57 page. Eight
 * bytes per step ("slicing by 8"): about three times the speed of a byte at a time, which matters
 * because every byte of a multi-gigabyte file is checked.
 */
const TABLES = (() => {
  const tables = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let t = 1; t < 8; t++) {
    for (let n = 0; n < 256; n++) {
      const previous = tables[(t - 1) * 256 + n]!;
      tables[t * 256 + n] = (previous >>> 8) ^ tables[previous & 0xff]!;
    }
  }
  return tables;
})();

export function crc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const t = TABLES;
  let crc = 0xffffffff;
  let i = start;
  for (; i + 8 <= end; i += 8) {
    crc ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    crc =
      t[7 * 256 + (crc & 0xff)]! ^
      t[6 * 256 + ((crc >>> 8) & 0xff)]! ^
      t[5 * 256 + ((crc >>> 16) & 0xff)]! ^
      t[4 * 256 + (crc >>> 24)]! ^
      t[3 * 256 + bytes[i + 4]!]! ^
      t[2 * 256 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < end; i++) crc = t[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

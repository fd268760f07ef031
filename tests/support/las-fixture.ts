/**
 * A valid LAS 1.2 file (227-byte header, point data record format 0, 20-byte records) with
 * `points` points on a small grid, for upload tests that need real scan bytes.
 */
export function lasFile(points = 10): Buffer {
  const header = Buffer.alloc(227);
  header.write('LASF', 0, 'ascii');
  header.writeUInt8(1, 24);
  header.writeUInt8(2, 25);
  header.write('Argus tests', 26, 'ascii');
  header.write('las-fixture', 58, 'ascii');
  header.writeUInt16LE(1, 90);
  header.writeUInt16LE(2026, 92);
  header.writeUInt16LE(227, 94);
  header.writeUInt32LE(227, 96);
  header.writeUInt32LE(0, 100);
  header.writeUInt8(0, 104);
  header.writeUInt16LE(20, 105);
  header.writeUInt32LE(points, 107);
  header.writeUInt32LE(points, 111);
  for (const [i, v] of [0.01, 0.01, 0.01, 0, 0, 0].entries()) header.writeDoubleLE(v, 131 + i * 8);
  const coord = (i: number) => [i % 10, Math.floor(i / 10) % 1000, i % 3] as const;
  const max = [Math.min(points - 1, 9), Math.min(Math.floor((points - 1) / 10), 999), Math.min(points - 1, 2)];
  for (const a of [0, 1, 2]) {
    header.writeDoubleLE(max[a]!, 179 + a * 16);
    header.writeDoubleLE(0, 187 + a * 16);
  }
  const body = Buffer.alloc(points * 20);
  for (let i = 0; i < points; i += 1) {
    const [x, y, z] = coord(i);
    body.writeInt32LE(x * 100, i * 20);
    body.writeInt32LE(y * 100, i * 20 + 4);
    body.writeInt32LE(z * 100, i * 20 + 8);
    body.writeUInt16LE(1000, i * 20 + 12);
    body.writeUInt8(0b00001001, i * 20 + 14); // return 1 of 1
    body.writeUInt8(2, i * 20 + 15); // ground
  }
  return Buffer.concat([header, body]);
}

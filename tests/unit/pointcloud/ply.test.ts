/** @jest-environment node */
import { openPlySource } from '@/lib/server/pointcloud/ply';
import { PointCloudError } from '@/lib/server/pointcloud/types';
import { collect, memorySource } from './memory-source';

interface Vertex {
  x: number;
  y: number;
  z: number;
  red: number;
  green: number;
  blue: number;
  intensity: number;
  classification: number;
}

const vertices: Vertex[] = [
  { x: 691600.125, y: 5334780.5, z: 519.25, red: 255, green: 0, blue: 10, intensity: 1000, classification: 2 },
  { x: 691601.5, y: 5334781.75, z: 520, red: 0, green: 128, blue: 255, intensity: 65535, classification: 6 },
  { x: 691602.25, y: 5334779.125, z: 518.5, red: 1, green: 2, blue: 3, intensity: 0, classification: 1 },
];

// A camera element before the vertices and faces (with a list) after them: both must be skipped.
const HEADER_BEFORE = ['element camera 1', 'property float view_px', 'property list uchar int tags'];
const VERTEX_PROPERTIES = ['property double x', 'property double y', 'property double z', 'property uchar red', 'property uchar green', 'property uchar blue', 'property ushort intensity', 'property uchar classification'];
const FACES = ['element face 1', 'property list uchar int vertex_indices'];

function header(format: string, count = vertices.length, properties = VERTEX_PROPERTIES): string {
  return ['ply', `format ${format} 1.0`, 'comment made by the test', ...HEADER_BEFORE, `element vertex ${count}`, ...properties, ...FACES, 'end_header', ''].join('\n');
}

function asciiPly(): Uint8Array {
  const body = ['0.5 2 7 8', ...vertices.map((v) => `${v.x} ${v.y} ${v.z} ${v.red} ${v.green} ${v.blue} ${v.intensity} ${v.classification}`), '3 0 1 2', ''].join('\n');
  return new TextEncoder().encode(header('ascii') + body);
}

function binaryPly(littleEndian: boolean, list: Vertex[] = vertices): Uint8Array {
  const head = new TextEncoder().encode(header(littleEndian ? 'binary_little_endian' : 'binary_big_endian', list.length));
  const record = 3 * 8 + 3 + 2 + 1;
  const body = new DataView(new ArrayBuffer(4 + 1 + 8 + list.length * record + 1 + 12));
  let at = 0;
  body.setFloat32(at, 0.5, littleEndian);
  body.setUint8(at + 4, 2);
  at += 13;
  for (const v of list) {
    body.setFloat64(at, v.x, littleEndian);
    body.setFloat64(at + 8, v.y, littleEndian);
    body.setFloat64(at + 16, v.z, littleEndian);
    body.setUint8(at + 24, v.red);
    body.setUint8(at + 25, v.green);
    body.setUint8(at + 26, v.blue);
    body.setUint16(at + 27, v.intensity, littleEndian);
    body.setUint8(at + 29, v.classification);
    at += record;
  }
  body.setUint8(at, 3);
  return concat(head, new Uint8Array(body.buffer));
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
};

async function expectCode(bytes: Uint8Array, code: PointCloudError['code']): Promise<void> {
  const error = await openPlySource(memorySource(bytes)).then(
    async (source) => collect(source).then(() => undefined),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PointCloudError);
  expect((error as PointCloudError).code).toBe(code);
}

describe('openPlySource', () => {
  it.each([
    ['ascii', asciiPly()],
    ['binary little endian', binaryPly(true)],
    ['binary big endian', binaryPly(false)],
  ])('reads the vertices of %s files, 8-bit colours spread over 16 bits', async (_, bytes) => {
    const source = await openPlySource(memorySource(bytes));
    expect(source.header).toMatchObject({
      format: 'ply',
      version: '1.0',
      declaredPointCount: 3,
      scale: [0.001, 0.001, 0.001],
      offset: [691600, 5334779, 518],
      attributes: { rgb: true, intensity: true, classification: true, returns: false, gpsTime: false },
    });
    const points = await collect(source);
    expect(points.positions).toEqual(vertices.flatMap((v) => [v.x, v.y, v.z]));
    expect(points.rgb).toEqual(vertices.flatMap((v) => [v.red * 257, v.green * 257, v.blue * 257]));
    expect(points.intensity).toEqual(vertices.map((v) => v.intensity));
    expect(points.classification).toEqual(vertices.map((v) => v.classification));
  });

  it('streams a large body in bounded batches and bounded reads', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => ({ ...vertices[0]!, x: i }));
    const bytes = memorySource(binaryPly(true, many));
    const points = await collect(await openPlySource(bytes));
    expect(points.count).toBe(70_000);
    expect(points.batchSizes).toEqual([65536, 4464]);
    expect(points.max[0]).toBe(69_999);
    expect(bytes.longestRead).toBeLessThanOrEqual(1 << 20);
  });

  it('stops between batches when the signal aborts', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => ({ ...vertices[0]!, x: i }));
    const source = await openPlySource(memorySource(binaryPly(false, many)));
    const controller = new AbortController();
    let batches = 0;
    for await (const batch of source.batches(controller.signal)) {
      batches++;
      expect(batch.count).toBe(65536);
      controller.abort();
    }
    expect(batches).toBe(1);
  });

  it('skips list properties inside the vertex element', async () => {
    const head = ['ply', 'format binary_big_endian 1.0', 'element vertex 2', 'property float x', 'property list uchar short neighbours', 'property float y', 'property float z', 'property float scalar_intensity', 'end_header', ''].join('\n');
    const body = new DataView(new ArrayBuffer(2 * 17 + 2 * 3));
    let at = 0;
    for (const [x, neighbours, y, z, intensity] of [[1, [7, 8, 9], 2, 3, 40.4], [4, [], 5, 6, 70000]] as const) {
      body.setFloat32(at, x);
      body.setUint8(at + 4, neighbours.length);
      neighbours.forEach((n, i) => body.setInt16(at + 5 + i * 2, n));
      at += 5 + neighbours.length * 2;
      body.setFloat32(at, y);
      body.setFloat32(at + 4, z);
      body.setFloat32(at + 8, intensity);
      at += 12;
    }
    const points = await collect(await openPlySource(memorySource(concat(new TextEncoder().encode(head), new Uint8Array(body.buffer, 0, at)))));
    expect(points.positions).toEqual([1, 2, 3, 4, 5, 6]);
    expect(points.intensity).toEqual([40, 65535]);
  });

  it('leaves out points with a NaN or infinite coordinate', async () => {
    const text = ['ply', 'format ascii 1.0', 'element vertex 4', 'property float x', 'property float y', 'property float z', 'end_header', '1 2 3', 'nan 2 3', '4 -inf 6', '7 8 9', ''].join('\n');
    const points = await collect(await openPlySource(memorySource(new TextEncoder().encode(text))));
    expect(points.positions).toEqual([1, 2, 3, 7, 8, 9]);
    const binary = binaryPly(true, [vertices[0]!, { ...vertices[1]!, z: NaN }, vertices[2]!]);
    const kept = await collect(await openPlySource(memorySource(binary)));
    expect(kept.count).toBe(2);
    expect(kept.classification).toEqual([2, 1]);
  });

  it('reads float and integer coordinates without optional attributes', async () => {
    const text = ['ply', 'format ascii 1.0', 'element vertex 2', 'property float x', 'property int y', 'property short z', 'end_header', '1.5 -2 3', '4 5 -6', ''].join('\n');
    const source = await openPlySource(memorySource(new TextEncoder().encode(text)));
    expect(source.header.attributes).toMatchObject({ rgb: false, intensity: false, classification: false });
    expect((await collect(source)).positions).toEqual([1.5, -2, 3, 4, 5, -6]);
  });

  it.each([
    ['no end_header', header('ascii').replace('end_header\n', '')],
    ['an unknown format', header('binary_middle_endian')],
    ['a vertex without z', header('ascii', 3, VERTEX_PROPERTIES.filter((p) => p !== 'property double z'))],
    ['an absurd vertex count', header('ascii', 9_000_000_000)],
    ['no ply signature', header('ascii').replace('ply\n', 'plx\n')],
  ])('rejects a header with %s as malformedHeader', async (_, text) => {
    await expectCode(new TextEncoder().encode(`${text}1 2 3 4 5 6 7 8\n`), 'malformedHeader');
  });

  it('rejects zero vertices as noPoints', async () => {
    await expectCode(new TextEncoder().encode(header('ascii', 0)), 'noPoints');
  });

  it.each([
    ['binary', () => binaryPly(true).slice(0, -12 - 1 - 20)],
    // The camera line and two of the three vertices.
    ['ascii', () => new TextEncoder().encode(`${header('ascii')}0.5 2 7 8\n1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8\n`)],
  ])('rejects a %s body shorter than declared as truncated', async (_, bytes) => {
    await expectCode(bytes(), 'truncated');
  });
});

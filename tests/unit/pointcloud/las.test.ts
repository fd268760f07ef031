/**
 * @jest-environment node
 */
import { bufferSource } from '@/lib/server/pointcloud/byte-source';
import { crsFromGeoKeys } from '@/lib/server/pointcloud/las/header';
import { lasBytes } from '@/lib/server/pointcloud/las/writer';
import { openPointSource } from '@/lib/server/pointcloud/open-source';
import { collect, randomBatch } from './synthetic';

const scale: [number, number, number] = [0.001, 0.001, 0.001];
const offset: [number, number, number] = [500000, 5400000, 0];
const hasRgb = [2, 3, 5, 7, 8, 10];
const hasGps = [1, 3, 4, 5, 6, 7, 8, 9, 10];

describe('LAS round trip', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('point format %i keeps every point and attribute it can hold', async (format) => {
    const written = randomBatch(700, format + 1);
    // Formats 0–5 hold 3-bit return numbers; 6–10 hold 4-bit ones: the random values fit both.
    const bytes = await lasBytes({ pointFormat: format, scale, offset }, [written]);
    const source = await openPointSource(bufferSource(bytes));
    expect(source.header).toMatchObject({ format: 'las', pointFormat: format, declaredPointCount: 700 });
    expect(source.header.version).toBe(format <= 3 ? '1.2' : format <= 5 ? '1.3' : '1.4');
    const [read] = await collect(source.batches());
    expect(read!.count).toBe(700);
    for (let i = 0; i < 2100; i += 1) expect(read!.positions[i]).toBeCloseTo(written.positions[i]!, 6);
    expect(Array.from(read!.intensity!)).toEqual(Array.from(written.intensity!));
    expect(Array.from(read!.returnNumber!)).toEqual(Array.from(written.returnNumber!));
    expect(Array.from(read!.numberOfReturns!)).toEqual(Array.from(written.numberOfReturns!));
    const classes = format >= 6 ? written.classification! : written.classification!.map((c) => c & 0x1f);
    expect(Array.from(read!.classification!)).toEqual(Array.from(classes));
    expect(!!read!.rgb).toBe(hasRgb.includes(format));
    if (read!.rgb) expect(Array.from(read!.rgb)).toEqual(Array.from(written.rgb!));
    expect(!!read!.gpsTime).toBe(hasGps.includes(format));
    if (read!.gpsTime) expect(Array.from(read!.gpsTime)).toEqual(Array.from(written.gpsTime!));
  });

  it('reads the declared bounds, and the CRS and unit from a WKT record', async () => {
    const wkt =
      'PROJCS["NAD83(HARN) / Oregon GIC Lambert (ft)",GEOGCS["NAD83(HARN)",DATUM["NAD83_HARN",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],AUTHORITY["EPSG","6152"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]]],PROJECTION["Lambert_Conformal_Conic_2SP"],UNIT["foot",0.3048,AUTHORITY["EPSG","9002"]],AUTHORITY["EPSG","2994"]]';
    const batch = randomBatch(10, 3);
    const source = await openPointSource(bufferSource(await lasBytes({ pointFormat: 7, scale, offset, wkt }, [batch])));
    expect(source.header.crs).toMatchObject({ epsg: 2994, units: 'ft' });
    expect(source.header.declaredBounds!.min[0]).toBeLessThanOrEqual(source.header.declaredBounds!.max[0]);
  });
});

describe('coordinate system from GeoTIFF keys', () => {
  it('reads the EPSG code and the linear unit', () => {
    // Key directory 1.1.0 with 3 keys: model type, projected CRS 32755, linear unit US survey foot.
    const keys = new Uint16Array([1, 1, 0, 3, 1024, 0, 1, 1, 3072, 0, 1, 32755, 3076, 0, 1, 9003]);
    expect(crsFromGeoKeys(new Uint8Array(keys.buffer))).toEqual({ epsg: 32755, units: 'us-ft' });
  });
});

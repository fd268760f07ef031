/*
 * What every point-cloud reader yields and every stage of the converter consumes. Readers
 * (LAS/LAZ/COPC, PLY, E57) implement `PointSource`; they read through a `ByteSource` so the same
 * code reads a local file or an object in S3. Nothing here imports server-only code, so worker
 * threads can load it.
 */

/** Random access to the bytes of one file (a storage object, a local file, a buffer). */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `offset`; fewer only at the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export type LinearUnit = 'm' | 'ft' | 'us-ft';

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export interface CoordinateSystem {
  /** OGC WKT as found in the file (LAS WKT VLR, E57 coordinateMetadata), if any. */
  wkt?: string;
  /** EPSG code when known (GeoTIFF keys, WKT AUTHORITY). */
  epsg?: number;
  /** Horizontal unit of the coordinates; metres when the file says nothing. */
  units: LinearUnit;
}

/** What a reader learns from the header alone (before any point is decoded). */
export interface CloudHeader {
  format: 'las' | 'laz' | 'copc' | 'ply' | 'e57';
  /** e.g. "1.4" for LAS, "1.0" for E57. */
  version?: string;
  /** LAS point data record format 0–10; undefined for other formats. */
  pointFormat?: number;
  /** Point count the header declares (may lie: stages count the points they decode). */
  declaredPointCount: number;
  /** Bounds the header declares, if any (never trusted: stages compute their own). */
  declaredBounds?: Bounds;
  /** Quantization the file uses (LAS scale/offset); readers of float formats choose 0.001. */
  scale: [number, number, number];
  offset: [number, number, number];
  crs: CoordinateSystem;
  /** Which optional attributes the batches carry. */
  attributes: { rgb: boolean; intensity: boolean; classification: boolean; returns: boolean; gpsTime: boolean };
}

/**
 * A run of points, struct-of-arrays. `positions` holds world coordinates (x, y, z interleaved,
 * scale and offset applied). Colours are 16-bit per channel as in LAS (8-bit sources scale by 257).
 * Optional arrays are present exactly when the header's `attributes` say so.
 */
export interface PointBatch {
  count: number;
  positions: Float64Array;
  rgb?: Uint16Array;
  intensity?: Uint16Array;
  classification?: Uint8Array;
  returnNumber?: Uint8Array;
  numberOfReturns?: Uint8Array;
  gpsTime?: Float64Array;
}

export interface PointSource {
  readonly header: CloudHeader;
  /**
   * The points in file order, in batches of a bounded size. Throws `PointCloudError` on
   * malformed or truncated data; stops early when the signal aborts.
   */
  batches(signal?: AbortSignal): AsyncIterable<PointBatch>;
  close(): Promise<void>;
}

/** Why a file cannot be read: `code` names a message key under errors.pointcloud.* (en and de). */
export class PointCloudError extends Error {
  override name = 'PointCloudError';
  constructor(
    readonly code:
      | 'unsupportedFormat'
      | 'legacyLazCompressor'
      | 'truncated'
      | 'pointCountMismatch'
      | 'noPoints'
      | 'badChecksum'
      | 'malformedHeader'
      | 'unsupportedPointFormat'
      | 'tooLarge',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where a panorama was taken, as its file says (issue 17 "taken from image metadata"): the
 * heading from GPano XMP (PoseHeadingDegrees: compass degrees of the panorama's centre) and the
 * position from EXIF GPS. Read from the bytes sharp hands over (header only, nothing decoded);
 * anything malformed is simply absent. Pure, so tests state what a file gives.
 */

export interface ImagePose {
  /** Degrees clockwise from north to the panorama's centre, in [0, 360). */
  heading?: number;
  latitude?: number;
  longitude?: number;
}

export function readPose(meta: { xmp?: Buffer | undefined; exif?: Buffer | undefined }): ImagePose {
  const pose: ImagePose = {};
  const heading = meta.xmp ? xmpHeading(meta.xmp.toString('utf8')) : null;
  if (heading !== null) pose.heading = heading;
  const gps = meta.exif ? exifGps(meta.exif) : null;
  if (gps) Object.assign(pose, gps);
  return pose;
}

/** GPano:PoseHeadingDegrees as an attribute or an element. */
function xmpHeading(xmp: string): number | null {
  const match = /GPano:PoseHeadingDegrees\s*(?:=\s*["']|>)\s*(-?\d+(?:\.\d+)?)/.exec(xmp);
  if (!match) return null;
  const deg = Number(match[1]);
  return Number.isFinite(deg) ? Math.round((((deg % 360) + 360) % 360) * 1000) / 1000 : null;
}

const GPS_IFD = 0x8825;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

/** GPSLatitude/Longitude (tags 2 and 4, three rationals) with their N/S, E/W refs (tags 1 and 3). */
function exifGps(exif: Buffer): { latitude: number; longitude: number } | null {
  const base = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  if (exif.length < base + 8) return null;
  const order = exif.subarray(base, base + 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (at + 2 <= exif.length ? (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at)) : null);
  const u32 = (at: number) => (at + 4 <= exif.length ? (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at)) : null);

  /** The entries of the IFD at a TIFF offset: tag → where its value lies and how many. */
  function entries(offset: number): Map<number, { type: number; count: number; at: number }> | null {
    const n = u16(base + offset);
    if (n === null || n > 512) return null;
    const found = new Map<number, { type: number; count: number; at: number }>();
    for (let i = 0; i < n; i++) {
      const entry = base + offset + 2 + i * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const count = u32(entry + 4);
      if (tag === null || type === null || count === null) return null;
      const size = (TYPE_SIZES[type] ?? 0) * count;
      const at = size <= 4 ? entry + 8 : base + (u32(entry + 8) ?? exif.length);
      found.set(tag, { type, count, at });
    }
    return found;
  }

  const ifd0 = u32(base + 4);
  const pointer = ifd0 === null ? undefined : entries(ifd0)?.get(GPS_IFD);
  const gpsOffset = pointer ? u32(pointer.at) : null;
  const gps = gpsOffset === null ? null : entries(gpsOffset);
  if (!gps) return null;
  const ref = (tag: number) => {
    const e = gps.get(tag);
    return e && e.type === 2 && e.at < exif.length ? String.fromCharCode(exif[e.at]!) : null;
  };
  const degrees = (tag: number): number | null => {
    const e = gps.get(tag);
    if (!e || e.type !== 5 || e.count !== 3 || e.at + 24 > exif.length) return null;
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const num = u32(e.at + i * 8)!;
      const den = u32(e.at + i * 8 + 4)!;
      if (den === 0) return null;
      value += num / den / 60 ** i;
    }
    return value;
  };
  const lat = degrees(2);
  const lon = degrees(4);
  const latRef = ref(1);
  const lonRef = ref(3);
  if (lat === null || lon === null || lat > 90 || lon > 180) return null;
  const round = (n: number) => Math.round(n * 1e8) / 1e8;
  return { latitude: round(latRef === 'S' ? -lat : lat), longitude: round(lonRef === 'W' ? -lon : lon) };
}

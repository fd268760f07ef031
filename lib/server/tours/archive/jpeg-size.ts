import 'server-only';

/**
 * Width and height from a JPEG's frame header (SOFn), found by walking the markers: nothing is
 * decoded, so a 100 000 × 50 000 image costs the few bytes read. Null when it is not a JPEG.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) return null;
    const marker = bytes[p + 1]!;
    if (marker === 0xff) {
      p += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = (bytes[p + 2]! << 8) | bytes[p + 3]!;
    if (length < 2) return null;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (p + 9 > bytes.length) return null;
      const height = (bytes[p + 5]! << 8) | bytes[p + 6]!;
      const width = (bytes[p + 7]! << 8) | bytes[p + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    p += 2 + length;
  }
  return null;
}

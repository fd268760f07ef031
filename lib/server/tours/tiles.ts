import 'server-only';
import sharp from 'sharp';

/** Edge of a tile in pixels: 512 keeps a 4096-wide level at 32 requests. */
export const TILE_SIZE = 512;
/** The low-resolution panorama shown before tiles arrive (and as the slide's image). */
export const PREVIEW_WIDTH = 1024;
const LEVEL_WIDTHS = [1024, 2048, 4096, 8192];
// The decoder refuses anything larger (a decompression bomb); intake already limits pixels.
const PIXEL_LIMIT = 16384 * 8192;

export interface TileLevel {
  width: number;
  cols: number;
  rows: number;
}

/** The levels cut from a panorama of `width` pixels: powers of two from 1024 up to its own size. */
export function tileLevels(width: number): TileLevel[] {
  const widths = LEVEL_WIDTHS.filter((w, i) => i === 0 || w <= width);
  return widths.map((w) => ({ width: w, cols: w / TILE_SIZE, rows: w / 2 / TILE_SIZE }));
}

/** Only a 2:1 image is a full equirectangular panorama. */
export class NotEquirectangular extends Error {
  constructor(readonly width: number, readonly height: number) {
    super(`the image is ${width}×${height}, not an equirectangular panorama (2:1)`);
  }
}

export interface CutPanorama {
  levels: TileLevel[];
  preview: Buffer;
  /** `level/row_col.jpg` → bytes. */
  tiles: Map<string, Buffer>;
}

export const tileName = (level: number, row: number, col: number) => `${level}_${row}_${col}.jpg`;

/**
 * Cuts an equirectangular panorama into the tiled adapter's levels. Each level is resized once
 * to raw pixels and the tiles are cut from that buffer, so a 4096×2048 image costs one decode.
 */
export async function cutPanorama(input: Buffer, onTile?: () => void): Promise<CutPanorama> {
  const decoded = sharp(input, { limitInputPixels: PIXEL_LIMIT }).rotate();
  const { width = 0, height = 0, orientation = 1 } = await decoded.metadata();
  const [w, h] = orientation >= 5 ? [height, width] : [width, height];
  if (w < 2 || w !== 2 * h) throw new NotEquirectangular(w, h);
  const levels = tileLevels(w);
  const tiles = new Map<string, Buffer>();
  const full = await decoded.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const source = () => sharp(full.data, { raw: { width: full.info.width, height: full.info.height, channels: full.info.channels } });
  const preview = await source().resize(PREVIEW_WIDTH, PREVIEW_WIDTH / 2, { fit: 'fill' }).jpeg({ quality: 80 }).toBuffer();
  for (const [index, level] of levels.entries()) {
    const height = level.width / 2;
    // The source's own size needs no resampling: cut straight from the decoded pixels.
    const same = full.info.width === level.width && full.info.height === height;
    const raw = same ? full : await source().resize(level.width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const levelImage = () => sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
    const cuts: Promise<void>[] = [];
    for (let row = 0; row < level.rows; row++) {
      for (let col = 0; col < level.cols; col++) {
        cuts.push(
          levelImage()
            .extract({ left: col * TILE_SIZE, top: row * TILE_SIZE, width: TILE_SIZE, height: TILE_SIZE })
            .jpeg({ quality: 82, mozjpeg: false })
            .toBuffer()
            .then((tile) => {
              tiles.set(tileName(index, row, col), tile);
              onTile?.();
            }),
        );
      }
    }
    await Promise.all(cuts);
  }
  return { levels, preview, tiles };
}

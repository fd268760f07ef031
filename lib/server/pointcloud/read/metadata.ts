/*
 * metadata.json of a Potree 2.0 cloud as our converter writes it (convert/metadata.ts): only what
 * reading nodes needs, checked, so a cloud from elsewhere fails here and not halfway through.
 */
import { z } from 'zod';

const triple = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);

const attributeSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  min: z.array(z.number()),
  max: z.array(z.number()),
});

export const potreeMetadataSchema = z.object({
  version: z.literal('2.0'),
  points: z.number().int().nonnegative(),
  offset: triple,
  scale: triple,
  spacing: z.number(),
  boundingBox: z.object({ min: triple, max: triple }),
  encoding: z.literal('BROTLI'),
  hierarchy: z.object({ firstChunkSize: z.number().int().nonnegative(), stepSize: z.number().int().positive(), depth: z.number().int().nonnegative() }),
  attributes: z.array(attributeSchema).min(1),
});
export type PotreeMetadata = z.infer<typeof potreeMetadataSchema>;

/** Where each node's position and rgb blocks start, per point, in its decompressed payload. */
export interface NodeLayout {
  /** Bytes per point after decompression (positions and colours as Morton codes). */
  bytesPerPoint: number;
  /** Sum of the per-point sizes of the attributes before rgb (its block starts at count × this); null without rgb. */
  rgbBefore: number | null;
  /** Whether colours are 16-bit (then the high byte is kept). */
  rgbWide: boolean;
}

// In the payload positions are 16-byte and colours 8-byte Morton codes, not their metadata sizes.
const encodedSize = (a: { name: string; size: number }) => (a.name === 'position' ? 16 : a.name === 'rgb' ? 8 : a.size);

export function nodeLayout(metadata: PotreeMetadata): NodeLayout {
  if (metadata.attributes[0]!.name !== 'position') throw new Error('potree metadata: position must be the first attribute');
  let at = 0;
  let rgbBefore: number | null = null;
  let rgbWide = false;
  for (const attribute of metadata.attributes) {
    if (attribute.name === 'rgb') {
      rgbBefore = at;
      rgbWide = attribute.max.some((m) => m > 255);
    }
    at += encodedSize(attribute);
  }
  return { bytesPerPoint: at, rgbBefore, rgbWide };
}

/** The tight bounds of the points (the position attribute's range), in cloud coordinates. */
export function tightBounds(metadata: PotreeMetadata): { min: [number, number, number]; max: [number, number, number] } {
  const position = metadata.attributes[0]!;
  const ok = position.min.length === 3 && position.max.length === 3;
  return ok
    ? { min: position.min as [number, number, number], max: position.max as [number, number, number] }
    : { min: metadata.boundingBox.min, max: metadata.boundingBox.max };
}

import { z } from 'zod';
import { idSchema } from './common';

/**
 * A slice view exported from the 3D viewer and stored with the mission (spec §2 mission detail
 * "rendered slices"): an orthographic PNG of a slab at 1:scale and a print resolution.
 */

/** The largest picture accepted: an 8192 × 8192 slab view compresses far below it. */
export const RENDERED_SLICE_MAX_BYTES = 32 * 1024 * 1024;
export const RENDERED_SLICE_MAX_PIXELS = 8192;

/** What the upload names (the PNG itself is the raw body): the form checks the same schema. */
export const renderedSliceQuery = z.object({
  name: z.string().trim().min(1).max(200),
  scale: z.coerce.number().int().min(1).max(100_000),
  dpi: z.coerce.number().int().min(10).max(1200),
  /** The viewer's slice it was made from, when there is one. */
  sliceId: z.coerce.number().pipe(idSchema).optional(),
});
export type RenderedSliceQuery = z.input<typeof renderedSliceQuery>;

export const renderedSliceSchema = z.object({
  id: z.number().int(),
  missionId: z.number().int(),
  sliceId: z.number().int().nullable(),
  name: z.string(),
  scale: z.number().int(),
  dpi: z.number().int(),
  widthPx: z.number().int(),
  heightPx: z.number().int(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Display name of who exported it; null for a user who is gone. */
  createdBy: z.string().nullable(),
});
export type RenderedSliceDto = z.output<typeof renderedSliceSchema>;

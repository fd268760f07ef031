import { z } from 'zod';
import '../validation/zod-messages';

export const TAG_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export const createTagInput = z.object({
  name: z.string().trim().min(1).max(50),
  /** Display colour, #rrggbb. */
  color: z.string().trim().toLowerCase().regex(TAG_COLOR_PATTERN).optional(),
});
export type CreateTagInput = z.input<typeof createTagInput>;

export interface TagDto {
  id: number;
  name: string;
  color: string | null;
  version: number;
}

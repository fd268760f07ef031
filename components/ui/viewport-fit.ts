/** The room kept between a pop-over and the edge of the viewport, in CSS pixels. */
export const VIEWPORT_MARGIN = 8;

/**
 * How far a pop-over must move sideways to lie inside the viewport: negative to the left when it
 * overflows the right edge, positive when it starts left of the left edge, 0 when it fits. A
 * pop-over wider than the viewport is aligned to the left margin (its width is capped in CSS).
 */
export function horizontalShift(rect: { left: number; right: number }, viewportWidth: number, margin = VIEWPORT_MARGIN): number {
  if (rect.left < margin) return margin - rect.left;
  if (rect.right > viewportWidth - margin) return Math.max(viewportWidth - margin - rect.right, margin - rect.left);
  return 0;
}

/** The room kept between a pop-over and the edge of the viewport, in CSS pixels. */
export const VIEWPORT_MARGIN = 8;

/** The least height a pop-over is cut down to; below it the page scrolls to show it instead. */
export const MIN_POPOVER_HEIGHT = 120;

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

/**
 * The height a pop-over may take so that its bottom stays inside the viewport (it scrolls within
 * that height), or null when it fits as it is. It is never cut below MIN_POPOVER_HEIGHT: a
 * pop-over opened at the very bottom of the screen would be useless that small.
 */
export function heightCap(rect: { top: number; bottom: number }, viewportHeight: number, margin = VIEWPORT_MARGIN): number | null {
  if (rect.bottom <= viewportHeight - margin) return null;
  return Math.max(Math.floor(viewportHeight - margin - rect.top), MIN_POPOVER_HEIGHT);
}

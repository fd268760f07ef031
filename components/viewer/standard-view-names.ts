/**
 * spec §2 standard views: top, bottom, front, back, left, right (front looks north, from the
 * south). Kept apart from the camera maths so the page's toolbar does not pull three.js into the
 * route's first load.
 */
export const STANDARD_VIEWS = ['top', 'bottom', 'front', 'back', 'left', 'right'] as const;
export type StandardView = (typeof STANDARD_VIEWS)[number];

/** How the mouse, touch and keys move the camera: orbit about a centre, earth (drag the ground), or fly. */
export const NAVIGATION_MODES = ['orbit', 'earth', 'fly'] as const;
export type NavigationMode = (typeof NAVIGATION_MODES)[number];

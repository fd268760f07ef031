/**
 * The editor's keyboard (spec §2 shortcuts plus undo/redo and the floor-line and opening nudges), as a pure
 * mapping from a key press to what it does, so each shortcut is tested without a canvas.
 */
export type ShortcutAction =
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'tool'; tool: 'building' | 'balcony' }
  | { type: 'switchTool' }
  | { type: 'delete' }
  | { type: 'cancel' }
  | { type: 'nudge'; metres: number }
  /** Step 2: the selected corner by (dx, dy) metres. */
  | { type: 'nudgeCorner'; dx: number; dy: number }
  /** Step 2: a new corner halfway along the edge after the selected one. */
  | { type: 'insertCorner' }
  /** Step 3: the selected openings along the wall (du) and up (dv), metres. */
  | { type: 'nudgeOpenings'; du: number; dv: number };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type Step = 'floors' | 'walls' | 'openings';

/** Arrow keys as directions on a floorplan, north (y) up. */
const ARROWS: Record<string, readonly [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/** What a key does on a step; null when it is not the editor's (typing in a field, browser keys). */
export function shortcutFor(press: KeyPress, step: Step): ShortcutAction | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (command && key === 'z') return press.shiftKey ? { type: 'redo' } : { type: 'undo' };
  if (command && key === 'y') return { type: 'redo' };
  if (command || press.altKey) return null;
  if (key === 'Delete' || key === 'Backspace') return { type: 'delete' };
  if (key === 'Escape') return { type: 'cancel' };
  if (step === 'walls') {
    if (key === '1') return { type: 'tool', tool: 'building' };
    if (key === '2') return { type: 'tool', tool: 'balcony' };
    if (key === 'Tab') return { type: 'switchTool' };
    if (key === 'Insert' || key === 'i') return { type: 'insertCorner' };
  }
  if (step === 'floors' && (key === 'ArrowUp' || key === 'ArrowDown')) {
    const metres = press.shiftKey ? 0.1 : 0.01;
    return { type: 'nudge', metres: key === 'ArrowUp' ? metres : -metres };
  }
  if (step === 'walls' && key in ARROWS) {
    const metres = press.shiftKey ? 0.1 : 0.01;
    const [x, y] = ARROWS[key]!;
    return { type: 'nudgeCorner', dx: x * metres, dy: y * metres };
  }
  if (step === 'openings' && ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(key)) {
    const metres = press.shiftKey ? 0.1 : 0.01;
    const du = key === 'ArrowRight' ? metres : key === 'ArrowLeft' ? -metres : 0;
    const dv = key === 'ArrowUp' ? metres : key === 'ArrowDown' ? -metres : 0;
    return { type: 'nudgeOpenings', du, dv };
  }
  return null;
}

/** Key presses inside form fields belong to the field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

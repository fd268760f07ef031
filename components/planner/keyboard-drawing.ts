import type { Position } from '@/lib/shared/geo/types';
import { edgeMidpoint, type DrawingAction, type DrawingState } from './drawing';

/** A key's drawing action, and where the map should move so the keyboard can go on from there. */
export interface KeyDrawing {
  action: DrawingAction;
  show?: Position;
}

const centreOf = (ring: readonly Position[]): Position =>
  ring.reduce<Position>((sum, p) => [sum[0] + p[0] / ring.length, sum[1] + p[1] / ring.length], [0, 0]);
const step = (index: number | undefined, length: number, back: boolean) =>
  index === undefined ? (back ? length - 1 : 0) : (index + (back ? length - 1 : 1)) % length;

/**
 * Drawing without a mouse, on the focused map: the map's centre is the keyboard's pointer (a
 * crosshair marks it while the map has keyboard focus), moved with MapLibre's own keys (arrows
 * pan, +/- zoom). Space places a corner there while drawing, or moves the selected corner there;
 * B selects the next building and N its next corner (Shift goes back), each brought to the
 * centre; I inserts a corner halfway to the next one.
 */
export function keyDrawing(key: string, back: boolean, state: DrawingState, centre: Position): KeyDrawing | null {
  const { buildings, draft, selection } = state;
  if (key === ' ') {
    if (draft) return { action: { type: 'addVertex', position: centre } };
    if (selection?.vertex === undefined) return null;
    return { action: { type: 'moveVertex', key: selection.key, vertex: selection.vertex, position: centre, record: true } };
  }
  if (draft) return null;
  const selected = buildings.find((b) => b.key === selection?.key);
  switch (key.toLowerCase()) {
    case 'b': {
      if (buildings.length === 0) return null;
      const current = selected ? buildings.indexOf(selected) : undefined;
      const building = buildings[step(current, buildings.length, back)]!;
      return { action: { type: 'select', selection: { key: building.key } }, show: centreOf(building.ring) };
    }
    case 'n': {
      if (!selected) return null;
      const vertex = step(selection?.vertex, selected.ring.length, back);
      return { action: { type: 'select', selection: { key: selected.key, vertex } }, show: selected.ring[vertex] };
    }
    case 'i': {
      if (!selected || selection?.vertex === undefined) return null;
      const { ring } = selected;
      const position = edgeMidpoint(ring, selection.vertex);
      return { action: { type: 'insertVertex', key: selected.key, after: selection.vertex, position }, show: position };
    }
  }
  return null;
}

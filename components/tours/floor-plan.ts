/** A floor's plan frame: the placed points' extent with a margin, in metres (y = plan north, up). */
export interface PlanFrame {
  minX: number;
  minY: number;
  width: number;
  height: number;
}

export function planFrame(points: readonly { x: number; y: number }[], margin = 3, minSize = 10): PlanFrame {
  if (points.length === 0) return { minX: -minSize / 2, minY: -minSize / 2, width: minSize, height: minSize };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  const width = Math.max(Math.max(...xs) + margin - minX, minSize);
  const height = Math.max(Math.max(...ys) + margin - minY, minSize);
  return { minX, minY, width, height };
}

/** SVG user units are metres with y down: plan north is up on screen. */
export const toSvgY = (frame: PlanFrame, y: number) => frame.minY + frame.height - (y - frame.minY);

/** The floor's name for people: negative floors are basements, 0 the ground floor. */
export function floorKey(floor: number): { key: 'floorGround' | 'floorUpper' | 'floorBasement'; n: number } {
  if (floor === 0) return { key: 'floorGround', n: 0 };
  return floor > 0 ? { key: 'floorUpper', n: floor } : { key: 'floorBasement', n: -floor };
}

/*
 * Step 1's section line on the plan (local x, y metres): where the vertical section runs. The user
 * drags an end to turn or lengthen it, or the line itself to move it across the building; the
 * section is cut again when the drag ends.
 */
import type { SectionLine } from '@/lib/shared/panelizer/points';
import type { XY } from '@/lib/shared/panelizer/polygon';

export type SectionGrip = 'start' | 'end' | 'line';
/** Shorter than this a section shows nothing useful; a drag that would make it so keeps the old one. */
export const MIN_SECTION_LENGTH_M = 1;

const cm = (value: number) => Math.round(value * 100) / 100;

function distanceToSegment(p: XY, line: SectionLine): number {
  const [dx, dy] = [line.x1 - line.x0, line.y1 - line.y0];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - line.x0) * dx + (p[1] - line.y0) * dy) / lengthSquared));
  return Math.hypot(p[0] - (line.x0 + t * dx), p[1] - (line.y0 + t * dy));
}

/** What a press at `p` grabs: an end within `radius` metres first, else the line, else nothing. */
export function sectionGripAt(line: SectionLine, p: XY, radius: number): SectionGrip | null {
  if (Math.hypot(p[0] - line.x0, p[1] - line.y0) <= radius) return 'start';
  if (Math.hypot(p[0] - line.x1, p[1] - line.y1) <= radius) return 'end';
  return distanceToSegment(p, line) <= radius ? 'line' : null;
}

/** The line after dragging `grip` from `from` to `to`, in centimetres. */
export function dragSectionLine(line: SectionLine, grip: SectionGrip, from: XY, to: XY): SectionLine {
  const next =
    grip === 'start'
      ? { ...line, x0: to[0], y0: to[1] }
      : grip === 'end'
        ? { ...line, x1: to[0], y1: to[1] }
        : { x0: line.x0 + to[0] - from[0], y0: line.y0 + to[1] - from[1], x1: line.x1 + to[0] - from[0], y1: line.y1 + to[1] - from[1] };
  const rounded = { x0: cm(next.x0), y0: cm(next.y0), x1: cm(next.x1), y1: cm(next.y1) };
  return Math.hypot(rounded.x1 - rounded.x0, rounded.y1 - rounded.y0) < MIN_SECTION_LENGTH_M ? line : rounded;
}

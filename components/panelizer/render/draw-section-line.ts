import type { SectionLine } from '@/lib/shared/panelizer/points';
import { COLOURS } from './draw';
import { toScreen, type ViewTransform } from './view-transform';

/** Step 1's section line over a plan: the line, its two ends as grips, an arrow at the end (u runs from the start). */
export function drawSectionLine(context: CanvasRenderingContext2D, t: ViewTransform, line: SectionLine): void {
  const [x0, y0] = toScreen(t, [line.x0, line.y0]);
  const [x1, y1] = toScreen(t, [line.x1, line.y1]);
  context.save();
  context.strokeStyle = COLOURS.selected;
  context.lineWidth = 2;
  context.setLineDash([10, 4]);
  context.beginPath();
  context.moveTo(x0, y0);
  context.lineTo(x1, y1);
  context.stroke();
  context.setLineDash([]);
  context.fillStyle = COLOURS.selected;
  for (const [x, y] of [[x0, y0], [x1, y1]] as const) {
    context.beginPath();
    context.arc(x, y, 5, 0, 2 * Math.PI);
    context.fill();
  }
  const angle = Math.atan2(y1 - y0, x1 - x0);
  context.beginPath();
  context.moveTo(x1 + 12 * Math.cos(angle), y1 + 12 * Math.sin(angle));
  context.lineTo(x1 + 4 * Math.cos(angle + 2.5), y1 + 4 * Math.sin(angle + 2.5));
  context.lineTo(x1 + 4 * Math.cos(angle - 2.5), y1 + 4 * Math.sin(angle - 2.5));
  context.closePath();
  context.fill();
  context.restore();
}

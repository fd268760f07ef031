import { FLOOR_LINE_ABOVE_WINDOW_M, type PanelizerDocument } from '@/lib/shared/panelizer/document';
import { floorsOf } from './geometry';

/** Within this of the advised height, a line counts as following the advice. */
export const ADVICE_TOLERANCE_M = 0.05;

/**
 * The spec's advice for one floor line: 60 cm above the top edge of the highest window of the
 * storey below it. Null when that storey has no windows drawn yet (nothing to go by) or the
 * line already follows it.
 */
export function floorLineAdvice(doc: PanelizerDocument, lineId: string): { advisedZ: number } | null {
  const below = floorsOf(doc).find((f) => doc.floorLines.find((l) => l.id === lineId)?.z === f.top);
  if (!below) return null;
  const tops = doc.openings.filter((o) => o.floorId === below.id && o.kind === 'window').map((o) => below.bottom + o.bottom + o.height);
  if (tops.length === 0) return null;
  const advisedZ = Math.max(...tops) + FLOOR_LINE_ABOVE_WINDOW_M;
  const line = doc.floorLines.find((l) => l.id === lineId)!;
  return Math.abs(line.z - advisedZ) > ADVICE_TOLERANCE_M ? { advisedZ } : null;
}

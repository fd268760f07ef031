import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Command, Refusal } from './command';

/** How many edits undo reaches back. Documents share their untouched parts, so each costs little. */
export const HISTORY_LIMIT = 200;

export interface History {
  past: PanelizerDocument[];
  present: PanelizerDocument;
  future: PanelizerDocument[];
}

export const startHistory = (doc: PanelizerDocument): History => ({ past: [], present: doc, future: [] });

/** Runs a command: the new document becomes the present, or the refusal says why nothing changed. */
export function execute(history: History, command: Command): { history: History; refusal?: Refusal } {
  const result = command.perform(history.present);
  if (!result.ok) return { history, refusal: result.refusal };
  if (result.doc === history.present) return { history };
  return { history: { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: result.doc, future: [] } };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

export function undo(h: History): History {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
}

/**
 * Puts the user's document on top of a newer saved one (after a 409): the newest becomes the
 * base, the user's edits stay the present and stay undoable back to the base.
 */
export function rebase(h: History, newest: PanelizerDocument): History {
  return { past: [...h.past, newest].slice(-HISTORY_LIMIT), present: h.present, future: h.future };
}

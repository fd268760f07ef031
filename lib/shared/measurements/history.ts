/**
 * Undo and redo of the viewer's saved items within a session (issue 16 "Kept and shared"). Every
 * change is saved to the server as it is made; the history remembers each change as the item's
 * state before and after (null = not there), keyed by a session reference rather than the
 * server id, because undoing a deletion creates the item again under a new id.
 */
export interface ItemState {
  kind: string;
  name: string;
  visible: boolean;
  points: [number, number, number][];
  data: Record<string, unknown>;
}

export interface Change {
  ref: string;
  before: ItemState | null;
  after: ItemState | null;
}

export interface History {
  past: Change[];
  future: Change[];
}

export const EMPTY_HISTORY: History = { past: [], future: [] };

/** The most changes remembered; older ones can no longer be undone. */
export const HISTORY_LIMIT = 100;

/** A new change: remembered for undo; what was undone can no longer be redone. */
export function record(history: History, change: Change): History {
  return { past: [...history.past, change].slice(-HISTORY_LIMIT), future: [] };
}

/** What undoing or redoing means for one item: move it from `from` to `to`. */
export interface Step {
  ref: string;
  from: ItemState | null;
  to: ItemState | null;
}

export function undoStep(history: History): Step | null {
  const change = history.past.at(-1);
  return change ? { ref: change.ref, from: change.after, to: change.before } : null;
}

export function redoStep(history: History): Step | null {
  const change = history.future.at(-1);
  return change ? { ref: change.ref, from: change.before, to: change.after } : null;
}

/** The history once the undo step was carried out. */
export function undone(history: History): History {
  const change = history.past.at(-1);
  return change ? { past: history.past.slice(0, -1), future: [...history.future, change] } : history;
}

/** The history once the redo step was carried out. */
export function redone(history: History): History {
  const change = history.future.at(-1);
  return change ? { past: [...history.past, change], future: history.future.slice(0, -1) } : history;
}

/** The request a step needs: create the item, change it, delete it, or nothing. */
export function requestFor(step: Step): 'create' | 'update' | 'delete' | 'none' {
  if (step.from === null) return step.to === null ? 'none' : 'create';
  return step.to === null ? 'delete' : 'update';
}

'use client';

import { useCallback, useRef, useState } from 'react';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { Command, Refusal } from '../model/command';
import { execute, rebase, redo, startHistory, undo, type History } from '../model/history';

/**
 * The editor's document and its undo history. `run` returns the refusal of a refused command so
 * the caller can say why nothing happened.
 */
export function useHistory(initial: PanelizerDocument) {
  const [history, setHistory] = useState<History>(() => startHistory(initial));
  // The latest history for handlers called twice before React re-renders (a fast double click).
  const latest = useRef(history);
  const commit = useCallback((next: History) => {
    latest.current = next;
    setHistory(next);
  }, []);
  const run = useCallback(
    (command: Command): Refusal | null => {
      const { history: next, refusal } = execute(latest.current, command);
      if (refusal) return refusal;
      commit(next);
      return null;
    },
    [commit],
  );
  return {
    history,
    doc: history.present,
    run,
    undo: useCallback(() => commit(undo(latest.current)), [commit]),
    redo: useCallback(() => commit(redo(latest.current)), [commit]),
    rebaseOn: useCallback((newest: PanelizerDocument) => commit(rebase(latest.current, newest)), [commit]),
    reset: useCallback((doc: PanelizerDocument) => commit(startHistory(doc)), [commit]),
  };
}

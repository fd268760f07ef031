'use client';
import { useEffect, type Dispatch } from 'react';
import type { DrawingAction } from './drawing';

/**
 * Keyboard access for drawing (spec §2): Ctrl/⌘+Z undoes, Escape cancels the outline being
 * drawn, Enter finishes it, Delete/Backspace deletes the selected corner. Keys typed into form
 * fields keep their usual meaning (text undo, Enter submits).
 */
export function usePlannerKeys(dispatch: Dispatch<DrawingAction>, drawing: boolean): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: 'undo' });
      } else if (event.key === 'Escape') {
        dispatch({ type: 'cancel' });
      } else if (event.key === 'Enter' && drawing) {
        event.preventDefault();
        dispatch({ type: 'finish' });
      } else if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        dispatch({ type: 'deleteSelected' });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, drawing]);
}

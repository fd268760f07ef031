'use client';

import { useEffect, useRef } from 'react';

export type KeyCommands = Partial<Record<'select' | 'rectangle' | 'ellipse' | 'polygon' | 'delete' | 'undo' | 'redo' | 'preview' | 'zoomIn' | 'zoomOut' | 'fit' | 'previous' | 'next' | 'save' | 'approve' | 'enter' | 'escape', () => void>>;

/** The key (with modifiers) each command answers to; listed for the user in the editor's side panel. */
function commandOf(e: KeyboardEvent): keyof KeyCommands | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && key === 's') return 'save';
  if (mod || e.altKey) return null;
  const plain: Record<string, keyof KeyCommands> = {
    v: 'select', r: 'rectangle', e: 'ellipse', p: 'polygon', delete: 'delete', backspace: 'delete', b: 'preview',
    '+': 'zoomIn', '=': 'zoomIn', '-': 'zoomOut', '0': 'fit', arrowleft: 'previous', arrowright: 'next', a: 'approve',
    enter: 'enter', escape: 'escape',
  };
  return plain[key] ?? null;
}

/** Keyboard shortcuts for the editor; ignored while the user types in a field or a dialog is open. */
export function useEditorKeys(commands: KeyCommands): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const command = commandOf(e);
      // Enter on a focused button or link is that control's own (issue 20 point 6: operable by keyboard).
      if (command === 'enter' && target?.closest('button, a[href], summary')) return;
      const run = command ? latest.current[command] : undefined;
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

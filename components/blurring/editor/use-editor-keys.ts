'use client';

import { useEffect, useRef } from 'react';

/** An arrow key: its direction, Shift for a bigger step, Alt to resize instead of move. */
export interface ArrowPress {
  dx: -1 | 0 | 1;
  dy: -1 | 0 | 1;
  big: boolean;
  resize: boolean;
}

type Command = 'select' | 'rectangle' | 'ellipse' | 'polygon' | 'add' | 'delete' | 'undo' | 'redo' | 'preview' | 'zoomIn' | 'zoomOut' | 'fit' | 'previous' | 'next' | 'save' | 'approve' | 'enter' | 'escape';

/**
 * What each key does. `arrow` answers whether it took the key (a selected region to move): an
 * arrow it leaves keeps its own meaning (← and → switch images, ↑ and ↓ scroll).
 */
export type KeyCommands = Partial<Record<Command, () => void>> & { arrow?: (press: ArrowPress) => boolean };

const ARROWS: Record<string, Pick<ArrowPress, 'dx' | 'dy'>> = {
  arrowleft: { dx: -1, dy: 0 }, arrowright: { dx: 1, dy: 0 }, arrowup: { dx: 0, dy: -1 }, arrowdown: { dx: 0, dy: 1 },
};

/** The key (with modifiers) each command answers to; listed for the user in the editor's side panel. */
function commandOf(e: KeyboardEvent): Command | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && key === 'y') return 'redo';
  if (mod && key === 's') return 'save';
  if (mod || e.altKey) return null;
  const plain: Record<string, Command> = {
    v: 'select', r: 'rectangle', e: 'ellipse', p: 'polygon', n: 'add', delete: 'delete', backspace: 'delete', b: 'preview',
    '+': 'zoomIn', '=': 'zoomIn', '-': 'zoomOut', '0': 'fit', pageup: 'previous', pagedown: 'next', a: 'approve',
    enter: 'enter', escape: 'escape',
  };
  return plain[key] ?? null;
}

/** Runs the command of a key press; false when the editor has nothing for it (the browser keeps it). */
function run(e: KeyboardEvent, commands: KeyCommands): boolean {
  const arrow = ARROWS[e.key.toLowerCase()];
  if (arrow) {
    if (e.ctrlKey || e.metaKey) return false;
    if (commands.arrow?.({ ...arrow, big: e.shiftKey, resize: e.altKey })) return true;
    // Without a region to move, ← and → switch images as they always did.
    const step = e.altKey || e.shiftKey || arrow.dy !== 0 ? undefined : commands[arrow.dx < 0 ? 'previous' : 'next'];
    step?.();
    return step !== undefined;
  }
  const command = commandOf(e);
  // Enter on a focused button or link is that control's own (issue 20 point 6: operable by keyboard).
  if (command === 'enter' && (e.target as HTMLElement | null)?.closest('button, a[href], summary')) return false;
  const action = command ? commands[command] : undefined;
  action?.();
  return action !== undefined;
}

/** Keyboard shortcuts for the editor; ignored while the user types in a field or a dialog is open. */
export function useEditorKeys(commands: KeyCommands): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (run(e, latest.current)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

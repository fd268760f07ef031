'use client';

import { useEffect, useRef } from 'react';
import { isTyping, shortcutFor, type ShortcutAction, type Step } from './shortcuts';

/**
 * The editor's keyboard on the window: every key of `shortcutFor`, except while typing in a
 * field. Tab switches tools only while the drawing has focus, so it still moves focus elsewhere.
 */
export function useEditorKeys(step: Step, onAction: (action: ShortcutAction) => void) {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const action = shortcutFor(event, step);
      if (!action) return;
      if (action.type === 'switchTool' && !(event.target instanceof HTMLCanvasElement)) return;
      // Buttons keep Delete/Backspace harmless, but Space/Enter are theirs: only ours are taken.
      event.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [step]);
}

'use client';

import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]', 'area[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])', 'textarea:not([disabled])', 'iframe', '[contenteditable="true"]', '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));
}

/**
 * The last few elements that received focus, newest last. A dialog's content may take focus
 * itself (an input with autoFocus) before the trap below starts, so the element that opened the
 * dialog is no longer document.activeElement then: it is found here instead.
 */
let recentFocus: HTMLElement[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) recentFocus = [...recentFocus.slice(-4), event.target];
    },
    true,
  );
}

/** Where focus was before it entered `container`: the element to give it back to. */
function opener(container: HTMLElement): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (active && !container.contains(active)) return active;
  return [...recentFocus].reverse().find((el) => el.isConnected && !container.contains(el) && el !== document.body) ?? null;
}

/**
 * While `active`: moves focus into the container (first focusable, else the container), keeps
 * Tab and Shift+Tab cycling inside it, pulls focus back if it escapes, and on deactivation
 * returns focus to whatever had it before — so keyboard users land where they left off.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const previous = opener(root);
    // Content that took focus itself (autoFocus) keeps it; otherwise the first control gets it.
    if (!root.contains(document.activeElement)) (focusableIn(root)[0] ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || current === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) (focusableIn(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (previous?.isConnected) previous.focus();
    };
  }, [container, active]);
}

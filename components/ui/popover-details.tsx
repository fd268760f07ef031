'use client';

import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { heightCap, horizontalShift } from './viewport-fit';

/**
 * A disclosure (`<details>`) whose panel stays inside the viewport: when it opens, and again when
 * the window is resized or the phone turned while it is open, the panel (the element marked
 * `data-popover-panel`) is moved sideways as far as needed and cut to the height left below it
 * (it scrolls then), so filter and column pop-overs near an edge of a phone do not leave the screen.
 * Keyboard (issue 20 point 6): Enter or Space on the summary opens it, Tab goes into the panel,
 * Escape closes it and puts focus back on the summary; Tab out of it to another control closes
 * it too, so an open pop-over never lingers behind the control that has focus.
 */
export function PopoverDetails({ className, summary, children }: { className?: string; summary: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const fit = useCallback(() => {
    const panel = ref.current?.querySelector<HTMLElement>('[data-popover-panel]');
    if (!panel) return;
    // Measured where the style sheet places it, not where the previous fit left it.
    panel.style.transform = '';
    panel.style.maxHeight = '';
    panel.style.overflowY = '';
    if (!ref.current!.open) return;
    const viewport = document.documentElement;
    const rect = panel.getBoundingClientRect();
    const dx = horizontalShift(rect, viewport.clientWidth);
    if (dx !== 0) panel.style.transform = `translateX(${dx}px)`;
    const height = heightCap(rect, viewport.clientHeight);
    if (height !== null) {
      panel.style.maxHeight = `${height}px`;
      panel.style.overflowY = 'auto';
    }
  }, []);
  const onToggle = useCallback(() => {
    fit();
    const details = ref.current;
    setOpen(details?.open ?? false);
    // Opened so near the bottom that even cut down it does not fit: the page scrolls to show it
    // (jsdom has no scrollIntoView).
    if (details?.open) details.querySelector('[data-popover-panel]')?.scrollIntoView?.({ block: 'nearest' });
  }, [fit]);
  useEffect(() => {
    if (!open) return;
    window.addEventListener('resize', fit);
    window.addEventListener('orientationchange', fit);
    return () => {
      window.removeEventListener('resize', fit);
      window.removeEventListener('orientationchange', fit);
    };
  }, [open, fit]);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.preventDefault();
    // Handled here: a dialog or drawer around the pop-over must not close as well.
    event.stopPropagation();
    details.open = false;
    details.querySelector('summary')?.focus();
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget;
    if (ref.current?.open && next instanceof Node && !ref.current.contains(next)) ref.current.open = false;
  }, []);
  return (
    <details ref={ref} className={className} onToggle={onToggle} onKeyDown={onKeyDown} onBlur={onBlur}>
      {summary}
      {children}
    </details>
  );
}

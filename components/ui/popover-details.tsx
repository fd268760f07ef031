'use client';

import { useCallback, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { horizontalShift } from './viewport-fit';

/**
 * A disclosure (`<details>`) whose panel stays inside the viewport: when it opens, the panel
 * (the element marked `data-popover-panel`) is moved sideways as far as needed, so filter and
 * column pop-overs near the right edge of a phone do not leave the screen.
 * Keyboard (issue 20 point 6): Enter or Space on the summary opens it, Tab goes into the panel,
 * Escape closes it and puts focus back on the summary; Tab out of it to another control closes
 * it too, so an open pop-over never lingers behind the control that has focus.
 */
export function PopoverDetails({ className, summary, children }: { className?: string; summary: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const onToggle = useCallback(() => {
    const panel = ref.current?.querySelector<HTMLElement>('[data-popover-panel]');
    if (!panel) return;
    panel.style.transform = '';
    if (!ref.current!.open) return;
    const dx = horizontalShift(panel.getBoundingClientRect(), document.documentElement.clientWidth);
    if (dx !== 0) panel.style.transform = `translateX(${dx}px)`;
  }, []);
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

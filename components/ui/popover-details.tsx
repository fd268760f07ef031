'use client';

import { useCallback, useRef, type ReactNode } from 'react';
import { horizontalShift } from './viewport-fit';

/**
 * A disclosure (`<details>`) whose panel stays inside the viewport: when it opens, the panel
 * (the element marked `data-popover-panel`) is moved sideways as far as needed, so filter and
 * column pop-overs near the right edge of a phone do not leave the screen.
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
  return (
    <details ref={ref} className={className} onToggle={onToggle}>
      {summary}
      {children}
    </details>
  );
}

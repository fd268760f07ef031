'use client';

import { useRef, type KeyboardEvent } from 'react';
import type { Step } from './shortcuts';

/**
 * The editor's step switch as ARIA tabs (issue 20 point 6): one tab stop for the list (the selected
 * step), the arrow keys, Home and End move to another step and select it. The keys stop here, so
 * the editor's own arrow shortcuts (nudging openings) do not run as well.
 */
export function StepTabs({ steps, step, label, name, className, onSelect }: {
  steps: readonly Step[];
  step: Step;
  label: string;
  name: (step: Step, index: number) => string;
  className?: string;
  onSelect: (step: Step) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = steps.indexOf(step);
    const target = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: steps.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const index = (target + steps.length) % steps.length;
    onSelect(steps[index]!);
    tabs.current[index]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {steps.map((s, i) => (
        <button
          key={s}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={step === s}
          tabIndex={step === s ? 0 : -1}
          onClick={() => onSelect(s)}
        >
          {name(s, i)}
        </button>
      ))}
    </div>
  );
}

/** Spec §5 / §9: validation waits 500 ms after the last change in general inputs … */
export const VALIDATION_DEBOUNCE_MS = 500;
/** … and 600 ms in the text input component. */
export const TEXT_INPUT_DEBOUNCE_MS = 600;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call (e.g. on unmount). */
  cancel(): void;
  /** Runs a pending call now (e.g. before submit). */
  flush(): void;
}

/** Trailing-edge debounce: only the last call of a burst runs, `ms` after it. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number = VALIDATION_DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  return debounced;
}

/**
 * How many toasts show at once: more would cover the page on a phone. The newest win; an older
 * one comes back only if it is still current (a broadcast or a personal notice) when room frees up.
 */
export const MAX_VISIBLE_NOTICES = 4;

interface StackedNotice {
  id: string;
  text: string;
  type: string;
}

const sameMessage = (a: StackedNotice, b: StackedNotice) => a.type === b.type && a.text === b.text;

/**
 * A feature's new toast joins the stack: the same message already shown is replaced (its timer
 * starts again, it is not shown twice), and the stack keeps at most `cap` of its own toasts.
 */
export function pushNotice<T extends StackedNotice>(stack: readonly T[], notice: T, cap = MAX_VISIBLE_NOTICES): T[] {
  return [...stack.filter((n) => !sameMessage(n, notice)), notice].slice(-cap);
}

/** What the region shows: each message once (its first occurrence), at most `cap`, newest last. */
export function visibleNotices<T extends StackedNotice>(all: readonly T[], cap = MAX_VISIBLE_NOTICES): T[] {
  const unique = all.filter((n, i) => all.findIndex((m) => sameMessage(m, n)) === i);
  return unique.slice(-cap);
}

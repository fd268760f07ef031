import 'server-only';
import compile from 'icu-minify/compile';

type Catalogue = { [key: string]: string | Catalogue };
type Compiled = ReturnType<typeof compile>;

/** Keyed by a catalogue's namespace object: the catalogues are modules fixed at build time. */
const compiled = new WeakMap<object, unknown>();

/**
 * The messages sent to the browser, compiled from ICU text into icu-minify's form. The browser
 * then formats them with use-intl's format-only formatter (next.config.mjs aliases it for the
 * browser and SSR layers) instead of shipping intl-messageformat with its parser (about 12 kB
 * gzip on every page) and parsing each message on first use. Server components keep the ICU
 * text and the full formatter. Each namespace is compiled once per process (a cache of a pure
 * function of the build's catalogues, nothing instances would need to share).
 */
export function precompiled(namespaces: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(namespaces).map(([name, tree]) => {
      if (typeof tree !== 'object' || tree === null) return [name, typeof tree === 'string' ? compileMessage(tree) : tree];
      let out = compiled.get(tree);
      if (!out) compiled.set(tree, (out = compileTree(tree as Catalogue)));
      return [name, out];
    }),
  );
}

function compileTree(tree: Catalogue): Record<string, unknown> {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? compileMessage(value) : compileTree(value)]));
}

/*
 * ICU's named styles (`{at, date, long}`, `{n, number, percent}`) as intl-messageformat defines
 * them (IntlMessageFormat.formats). format-only looks a named style up in the configured formats
 * only, so the compiled message carries the options themselves.
 */
const NAMED_STYLES: Record<number, Record<string, Intl.NumberFormatOptions | Intl.DateTimeFormatOptions>> = {
  4: { integer: { maximumFractionDigits: 0 }, currency: { style: 'currency' }, percent: { style: 'percent' } },
  5: {
    short: { month: 'numeric', day: 'numeric', year: '2-digit' },
    medium: { month: 'short', day: 'numeric', year: 'numeric' },
    long: { month: 'long', day: 'numeric', year: 'numeric' },
    full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  },
  6: {
    short: { hour: 'numeric', minute: 'numeric' },
    medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
    long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
    full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  },
};
// icu-minify's node types whose third element is a plural's or a select's branches.
const BRANCHING = new Set([1, 2, 3]);

function compileMessage(text: string): Compiled {
  const message = compile(text);
  return typeof message === 'string' ? message : (message.map(resolveStyles) as Compiled);
}

function resolveStyles(node: unknown): unknown {
  if (!Array.isArray(node)) return node;
  const [name, type, style, ...rest] = node as [string, unknown, unknown, ...unknown[]];
  if (typeof type !== 'number') return node;
  if (BRANCHING.has(type)) {
    const branches = Object.entries(style as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map(resolveStyles) : v]);
    return [name, type, Object.fromEntries(branches), ...rest];
  }
  const named = typeof style === 'string' ? NAMED_STYLES[type]?.[style] : undefined;
  return named ? [name, type, named, ...rest] : node;
}

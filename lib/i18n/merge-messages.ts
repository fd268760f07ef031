type Tree = { [key: string]: unknown };

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The outer provider's messages with an area's added: namespaces and sub-trees merge, a message
 * (a string, or icu-minify's compiled array) of the area replaces the outer one. Pure, so the
 * provider can memoise it.
 */
export function mergeMessages(outer: Tree, inner: Tree): Tree {
  const out: Tree = { ...outer };
  for (const [key, value] of Object.entries(inner)) {
    const previous = out[key];
    out[key] = isTree(previous) && isTree(value) ? mergeMessages(previous, value) : value;
  }
  return out;
}

const merges = new WeakMap<Tree, WeakMap<Tree, Tree>>();

/**
 * mergeMessages, kept per pair of message objects. The message files are fixed by the build
 * (catalogue-registry.ts), so each page's providers get the same merged object every time: what is
 * kept per catalogue (mission-context.tsx's texts) is then kept across requests. Nothing to add to
 * (the root provider's empty messages) gives the area's own object.
 */
export function mergedMessages(outer: Tree, inner: Tree): Tree {
  if (Object.keys(outer).length === 0) return inner;
  let byInner = merges.get(outer);
  if (!byInner) merges.set(outer, (byInner = new WeakMap()));
  let merged = byInner.get(inner);
  if (!merged) byInner.set(inner, (merged = mergeMessages(outer, inner)));
  return merged;
}

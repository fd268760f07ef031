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

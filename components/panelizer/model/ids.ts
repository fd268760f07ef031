/**
 * New element ids for the document (`[A-Za-z0-9_-]{1,40}`). Random, not counted: two tabs or a
 * reloaded draft must never hand out an id the other already used.
 */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return `${prefix}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The ArrayBuffers inside a message that can move to another thread instead of being copied:
 * only those a typed array covers whole (a Buffer slice of Node's shared pool must not be
 * detached) and never SharedArrayBuffers.
 */
export function transferables(value: unknown, found = new Set<ArrayBuffer>(), depth = 0): ArrayBuffer[] {
  if (depth > 4 || value === null || typeof value !== 'object') return [...found];
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength) found.add(buffer);
    return [...found];
  }
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  for (const item of items) transferables(item, found, depth + 1);
  return [...found];
}

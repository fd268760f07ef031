import { errors } from '../http/errors';

export interface PatchOp {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

function parse(path: string): string[] {
  if (!path.startsWith('/')) throw errors.badRequest(`Invalid JSON pointer "${path}".`);
  return path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(doc: Record<string, unknown>, parts: string[], create: boolean): { parent: Record<string, unknown> | unknown[]; key: string } {
  let cur: unknown = doc;
  for (const k of parts.slice(0, -1)) {
    if (typeof cur !== 'object' || cur === null) throw errors.badRequest('JSON patch path does not exist.');
    const obj = cur as Record<string, unknown>;
    if ((obj[k] === undefined || obj[k] === null) && create) obj[k] = {};
    cur = obj[k];
  }
  if (typeof cur !== 'object' || cur === null) throw errors.badRequest('JSON patch path does not exist.');
  return { parent: cur as Record<string, unknown>, key: parts[parts.length - 1] ?? '' };
}

/** RFC 6902 add/replace/remove/test/copy/move on a plain JSON document (copy returned). */
export function applyPatch<T extends Record<string, unknown>>(input: T, ops: PatchOp[]): T {
  const doc = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
  const get = (path: string) => {
    let cur: unknown = doc;
    for (const k of parse(path)) cur = typeof cur === 'object' && cur !== null ? (cur as Record<string, unknown>)[k] : undefined;
    return cur;
  };
  for (const op of ops) {
    const parts = parse(op.path);
    if (parts.length === 0) throw errors.badRequest('Patching the whole document is not allowed.');
    const { parent, key } = parentOf(doc, parts, op.op === 'add');
    const set = (v: unknown) => {
      if (Array.isArray(parent)) {
        if (key === '-') parent.push(v);
        else parent.splice(Number(key), op.op === 'add' ? 0 : 1, v);
      } else parent[key] = v;
    };
    switch (op.op) {
      case 'add':
      case 'replace':
        set(op.value);
        break;
      case 'remove':
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
        break;
      case 'test':
        if (JSON.stringify(get(op.path)) !== JSON.stringify(op.value)) throw errors.badRequest(`JSON patch test failed at ${op.path}.`);
        break;
      case 'copy':
      case 'move': {
        const v = get(op.from ?? '');
        if (op.op === 'move' && op.from) {
          const src = parentOf(doc, parse(op.from), false);
          if (Array.isArray(src.parent)) src.parent.splice(Number(src.key), 1);
          else delete src.parent[src.key];
        }
        set(JSON.parse(JSON.stringify(v ?? null)));
        break;
      }
      default:
        throw errors.badRequest(`Unsupported JSON patch operation "${op.op}".`);
    }
  }
  return doc as T;
}

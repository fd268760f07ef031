import schemaJson from '../schema/default.schema.json';
import { input, type UiNode } from '../ui/nodes';
import { text, type UiText } from '../ui/text';

interface Prop {
  type?: string;
  format?: string;
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Prop>;
  required?: string[];
  additionalProperties?: boolean;
  'ory.sh/kratos'?: {
    credentials?: { password?: { identifier?: boolean } };
    verification?: { via?: string };
    recovery?: { via?: string };
  };
}

export const identitySchema = schemaJson as unknown as { properties: { traits: Prop } };
const traitsSchema = identitySchema.properties.traits;

interface Leaf {
  path: string[];
  prop: Prop;
  required: boolean;
}

function leaves(prop: Prop, path: string[] = [], required = false): Leaf[] {
  if (prop.type === 'object' && prop.properties) {
    return Object.entries(prop.properties).flatMap(([k, p]) => leaves(p, [...path, k], (prop.required ?? []).includes(k)));
  }
  return [{ path, prop, required }];
}

const traitLeaves = leaves(traitsSchema);

export function getPath(obj: unknown, path: string[]): unknown {
  let cur: unknown = obj;
  for (const k of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

function inputType(p: Prop): { type: string; autocomplete?: string } {
  switch (p.format) {
    case 'email':
      return { type: 'email', autocomplete: 'email' };
    case 'tel':
      return { type: 'tel', autocomplete: 'tel' };
    case 'date':
      return { type: 'date' };
    case 'date-time':
      return { type: 'datetime-local' };
    case 'uri':
      return { type: 'url', autocomplete: 'url' };
  }
  if (p.type === 'number' || p.type === 'integer') return { type: 'number' };
  if (p.type === 'boolean') return { type: 'checkbox' };
  return { type: 'text' };
}

/** Trait input nodes generated from the identity schema (schema order). */
export function traitNodes(group: string, traits?: unknown): UiNode[] {
  return traitLeaves.map((l) => {
    const name = `traits.${l.path.join('.')}`;
    const { type, autocomplete } = inputType(l.prop);
    return input(group, name, type, {
      value: getPath(traits, l.path),
      required: l.required,
      autocomplete,
      pattern: l.prop.pattern,
      label: l.prop.title ? text.labelGenerated(l.prop.title, name) : undefined,
    });
  });
}

/** Leaves carrying an `ory.sh/kratos` extension flag. */
const flagged = (pick: (p: Prop) => boolean) => traitLeaves.filter((l) => pick(l.prop)).map((l) => l.path);
export const identifierPaths = flagged((p) => !!p['ory.sh/kratos']?.credentials?.password?.identifier);
export const verificationPaths = flagged((p) => !!p['ory.sh/kratos']?.verification?.via);
export const recoveryPaths = flagged((p) => !!p['ory.sh/kratos']?.recovery?.via);

/** The label of the login identifier: the schema title when exactly one identifier has one. */
export function identifierLabel(): UiText {
  const only = identifierPaths.length === 1 ? identifierPaths[0] : undefined;
  const leaf = only && traitLeaves.find((l) => l.path.join('.') === only.join('.'));
  return only && leaf?.prop.title ? text.labelGenerated(leaf.prop.title, `traits.${only.join('.')}`) : text.labelId();
}

export function normalizeAddress(v: string): string {
  return v.normalize('NFKC').trim().toLowerCase();
}

export function valuesAt(traits: unknown, paths: string[][]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const v = getPath(traits, p);
    if (typeof v === 'string' && v.trim()) out.add(normalizeAddress(v));
  }
  return [...out];
}

export interface FieldError {
  field?: string;
  message: UiText;
}

/**
 * The product's e-mail rule (spec §5: word characters, '@', domain parts, an ending of 2 to 4
 * characters; lib/shared/validation/text.ts has the same pattern), so an address the product's
 * forms refuse cannot get in through sign-up, the profile or a provider's claims either.
 */
const EMAIL = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.\w{2,4}$/;

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
}

/** Validates traits against the schema subset we use (type, required, lengths, email, additionalProperties). */
export function validateTraits(traits: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (value: unknown, prop: Prop, path: string[]) => {
    const field = path.length ? `traits.${path.join('.')}` : undefined;
    if (prop.type === 'object') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        errors.push({ field, message: text.wrongType(['object'], jsonType(value)) });
        return;
      }
      const obj = value as Record<string, unknown>;
      for (const r of prop.required ?? []) {
        if (obj[r] === undefined) errors.push({ field: `traits.${[...path, r].join('.')}`, message: text.required(r) });
      }
      for (const [k, v] of Object.entries(obj)) {
        const sub = prop.properties?.[k];
        if (!sub) {
          if (prop.additionalProperties === false) errors.push({ message: text.generic(`additionalProperties "${k}" not allowed`) });
          continue;
        }
        walk(v, sub, [...path, k]);
      }
      return;
    }
    if (prop.type === 'string') {
      if (typeof value !== 'string') {
        errors.push({ field, message: text.wrongType(['string'], jsonType(value)) });
        return;
      }
      const len = [...value].length;
      // A value made only of spaces is no value (a name "   "): refused like a missing property.
      if (len > 0 && value.trim() === '') errors.push({ field, message: text.required(path[path.length - 1] ?? '') });
      else if (prop.minLength !== undefined && len < prop.minLength) errors.push({ field, message: text.minLength(prop.minLength, len) });
      else if (prop.maxLength !== undefined && len > prop.maxLength) errors.push({ field, message: text.maxLength(prop.maxLength, len) });
      else if (prop.format === 'email' && !EMAIL.test(value.trim())) errors.push({ field, message: text.invalidEmail(value) });
    }
  };
  walk(traits ?? {}, traitsSchema, []);
  return errors;
}

/**
 * Trims and lower-cases identifier/address traits as Kratos normalises them, and trims every
 * other text trait (names), so " Anna " is stored as "Anna".
 */
export function normalizeTraits(traits: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(traits ?? {}), (_key, value: unknown) => (typeof value === 'string' ? value.trim() : value)) as Record<string, unknown>;
  for (const p of [...identifierPaths, ...verificationPaths, ...recoveryPaths]) {
    let cur: Record<string, unknown> = copy;
    for (const k of p.slice(0, -1)) {
      const next = cur[k];
      if (typeof next !== 'object' || next === null) break;
      cur = next as Record<string, unknown>;
    }
    const last = p[p.length - 1];
    if (last && typeof cur[last] === 'string') cur[last] = normalizeAddress(cur[last] as string);
  }
  return copy;
}

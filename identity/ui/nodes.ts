import type { UiText } from './text';

export interface UiNode {
  type: 'input' | 'text' | 'img' | 'a' | 'script' | 'div';
  group: string;
  attributes: Record<string, unknown>;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface Ui {
  action: string;
  method: 'POST' | 'GET';
  nodes: UiNode[];
  messages?: UiText[];
}

export interface InputOpts {
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  label?: UiText;
}

/** An input node with Kratos' attribute key order; `value` omitted when undefined, `disabled` always present. */
export function input(group: string, name: string, type: string, opts: InputOpts = {}): UiNode {
  const attributes: Record<string, unknown> = { name, type };
  if (opts.value !== undefined && opts.value !== null) attributes.value = opts.value;
  if (opts.required) attributes.required = true;
  if (opts.autocomplete) attributes.autocomplete = opts.autocomplete;
  if (opts.pattern) attributes.pattern = opts.pattern;
  if (opts.maxlength) attributes.maxlength = opts.maxlength;
  attributes.disabled = false;
  attributes.node_type = 'input';
  return { type: 'input', group, attributes, messages: [], meta: opts.label ? { label: opts.label } : {} };
}

export function csrfNode(): UiNode {
  return input('default', 'csrf_token', 'hidden', { value: '', required: true });
}

export function findNode(ui: Ui, name: string, value?: unknown): UiNode | undefined {
  return ui.nodes.find((n) => n.attributes.name === name && (value === undefined || n.attributes.value === value));
}

export function setValue(ui: Ui, name: string, value: unknown): void {
  const node = findNode(ui, name);
  if (!node) return;
  if (value === undefined || value === null) delete node.attributes.value;
  else {
    // Keep Kratos' key order: value directly after type.
    const { name: n, type, ...rest } = node.attributes;
    delete rest.value;
    node.attributes = { name: n, type, value, ...rest };
  }
}

/** Clears all messages (Kratos does this on every new submit). */
export function clearMessages(ui: Ui): void {
  delete ui.messages;
  for (const n of ui.nodes) n.messages = [];
}

export function addMessage(ui: Ui, msg: UiText, field?: string): void {
  if (field) {
    const node = findNode(ui, field);
    if (node) {
      node.messages.push(msg);
      return;
    }
    const extra = input('default', field, 'text');
    extra.messages.push(msg);
    ui.nodes.push(extra);
    return;
  }
  ui.messages = [...(ui.messages ?? []), msg];
}

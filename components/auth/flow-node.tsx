'use client';

import type { ChangeEvent, ReactNode } from 'react';
import { TextInput } from '@/components/ui/text-input';
import { translateUiText, type UiText } from '@/lib/shared/identity/response';
import styles from './auth.module.css';
import type { UiNode } from '@/lib/shared/identity/flow';
import { isSubmit, nodeLabel, nodeName, nodeType } from './node-label';
import { useIdentityTranslate } from './use-identity-translate';

export interface FlowNodeProps {
  node: UiNode;
  /** Replaces the translated label (e.g. the sign-in button reads "Sign in"). */
  label?: string;
  disabled?: boolean;
  /** Extra input attributes (e.g. the sign-up password's HTML pattern). */
  pattern?: string;
  title?: string;
  onValue?: (value: string) => void;
  /** Shown inside the button instead of the label (e.g. a resend wait counter). */
  children?: ReactNode;
  className?: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const attr = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** One node of a flow's `ui.nodes`, rendered by its attributes (inputs by `attributes.type`). */
export function FlowNode({ node, label, disabled, pattern, title, onValue, children, className }: FlowNodeProps) {
  const t = useIdentityTranslate();
  const a = node.attributes;
  const text = label ?? nodeLabel(node, t);
  if (a.node_type === 'a') {
    return (
      <a href={str(a.href)} id={str(a.id)}>
        {a.title ? translateUiText(a.title as UiText, t) : text}
      </a>
    );
  }
  if (a.node_type === 'text') return <p>{a.text ? translateUiText(a.text as UiText, t) : null}</p>;
  if (a.node_type !== 'input') return null;

  const name = nodeName(node);
  const type = nodeType(node);
  const inactive = disabled || a.disabled === true;
  if (type === 'hidden') return <input type="hidden" name={name} defaultValue={attr(a.value) ?? ''} />;
  if (isSubmit(node)) {
    return (
      <button
        type="submit"
        name={name}
        value={attr(a.value) ?? ''}
        disabled={inactive}
        // Buttons that do not submit the form's fields (another provider, a resend) skip the browser's field checks.
        formNoValidate={name === 'provider' || name === 'email' || name === 'link' || name === 'unlink' ? true : undefined}
        className={className ?? styles.button}
      >
        {children ?? text}
      </button>
    );
  }
  const messages = (node.messages ?? []).map((m) => translateUiText(m, t)).join(' ');
  if (type === 'checkbox') {
    return (
      <label>
        <input type="checkbox" name={name} value="true" defaultChecked={a.value === true} required={a.required === true} disabled={inactive} /> {text}
        {messages && <span role="alert">{messages}</span>}
      </label>
    );
  }
  return (
    <TextInput
      label={text}
      name={name}
      type={type}
      defaultValue={attr(a.value)}
      required={a.required === true}
      autoComplete={str(a.autocomplete)}
      pattern={pattern ?? str(a.pattern)}
      title={title}
      maxLength={typeof a.maxlength === 'number' ? a.maxlength : undefined}
      disabled={inactive}
      error={messages || undefined}
      onChange={onValue ? (event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value) : undefined}
    />
  );
}

/** The nodes by role on the screen: hidden fields, the password/code form, and the OIDC buttons (group oidc). */
export function splitNodes(nodes: UiNode[]) {
  return {
    hidden: nodes.filter((n) => n.attributes.node_type === 'input' && nodeType(n) === 'hidden'),
    oidc: nodes.filter((n) => n.group === 'oidc'),
    main: nodes.filter((n) => n.group !== 'oidc' && !(n.attributes.node_type === 'input' && nodeType(n) === 'hidden')),
  };
}

/** Stable React key of a node (two submit buttons may share a name). */
export const nodeKey = (node: UiNode, index: number) => `${nodeName(node) || node.attributes.node_type}-${attr(node.attributes.value) ?? ''}-${index}`;

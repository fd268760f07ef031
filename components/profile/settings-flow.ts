import { isAuthFlow, type UiNode as FlowNode, type SettingsFlow } from '@/lib/shared/identity/flow';
import type { UiText } from '@/lib/shared/identity/response';

export type { FlowNode, SettingsFlow };

/** Where a browser starts a settings flow; the identity service answers with a redirect to /profile?flow=<id>. */
export const SETTINGS_BROWSER = '/self-service/settings/browser';

export const isSettingsFlow = (body: unknown): body is SettingsFlow => isAuthFlow(body);

export function nodeNamed(flow: Pick<SettingsFlow, 'ui'>, name: string, group?: string): FlowNode | undefined {
  return flow.ui.nodes.find((n) => n.attributes.name === name && (!group || n.group === group));
}

export function nodeValue(flow: Pick<SettingsFlow, 'ui'>, name: string, group?: string): string {
  const value = nodeNamed(flow, name, group)?.attributes.value;
  return typeof value === 'string' ? value : '';
}

/** The flow's masked CSRF token (the `csrf_token` node). */
export const csrfTokenOf = (flow: Pick<SettingsFlow, 'ui'>) => nodeValue(flow, 'csrf_token');

/** The profile group's trait inputs (traits.email, traits.name.first, …), in the flow's order. */
export function traitNodes(flow: SettingsFlow): FlowNode[] {
  return flow.ui.nodes.filter((n) => n.group === 'profile' && n.attributes.name?.startsWith('traits.'));
}

/** The error messages the identity service attached to one field. */
export function fieldErrors(flow: SettingsFlow, name: string): UiText[] {
  return (nodeNamed(flow, name)?.messages ?? []).filter((m) => m.type === 'error');
}

/**
 * spec §4 Microsoft account: linked or unlinked. The flow offers `link` for a provider that is
 * not linked and `unlink` for one that is (and may be removed); without either node the flow
 * does not offer the provider and the section stays hidden.
 */
export function providerState(flow: SettingsFlow, provider = 'microsoft'): 'linked' | 'unlinked' | null {
  const offered = (name: string) => flow.ui.nodes.some((n) => n.group === 'oidc' && n.attributes.name === name && n.attributes.value === provider);
  if (offered('unlink')) return 'linked';
  if (offered('link')) return 'unlinked';
  return null;
}

/** Turns form fields named like `traits.name.first` into nested objects, as the identity service reads them. */
export function nestDotted(entries: Iterable<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [dotted, value] of entries) {
    const parts = dotted.split('.');
    if (parts.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype')) continue;
    const last = parts.pop()!;
    let cur = out;
    for (const key of parts) cur = (cur[key] ??= {}) as Record<string, unknown>;
    cur[last] = value;
  }
  return out;
}

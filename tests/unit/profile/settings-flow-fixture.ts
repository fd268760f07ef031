import type { FlowNode, SettingsFlow } from '@/components/profile/settings-flow';

const input = (group: string, name: string, type: string, value?: string, extra: Partial<FlowNode> = {}): FlowNode => ({
  type: 'input',
  group,
  attributes: { name, type, value, node_type: 'input' },
  messages: [],
  meta: {},
  ...extra,
});

/** A settings flow as the identity service serialises it (see identity/flows/settings-ui.ts). */
export function settingsFlow(options: { microsoft?: 'linked' | 'unlinked' | 'none'; state?: string; active?: string; id?: string } = {}): SettingsFlow {
  const { microsoft = 'unlinked', state = 'show_form', active, id = 'flow-1' } = options;
  const oidc = microsoft === 'none' ? [] : [input('oidc', microsoft === 'linked' ? 'unlink' : 'link', 'submit', 'microsoft')];
  return {
    id,
    state,
    ...(active && { active }),
    ui: {
      action: `http://localhost/self-service/settings?flow=${id}`,
      method: 'POST',
      nodes: [
        input('default', 'csrf_token', 'hidden', `csrf-of-${id}`),
        input('profile', 'traits.email', 'email', 'erika@example.com'),
        input('profile', 'traits.name.first', 'text', 'Erika'),
        input('profile', 'traits.name.last', 'text', 'Muster'),
        input('profile', 'method', 'submit', 'profile'),
        input('password', 'password', 'password'),
        input('password', 'method', 'submit', 'password'),
        ...oidc,
      ],
    },
  };
}

/** The flow with an error message on one field, as a 400 answer carries it. */
export function withFieldError(flow: SettingsFlow, name: string, id: number, text: string, context?: Record<string, unknown>): SettingsFlow {
  const message = { id, text, type: 'error', ...(context && { context }) };
  return { ...flow, ui: { ...flow.ui, nodes: flow.ui.nodes.map((n) => (n.attributes.name === name ? { ...n, messages: [message] } : n)) } };
}

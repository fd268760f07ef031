import type { Ctx } from '../context';
import { identityJson } from '../identities/output';
import { getIdentity } from '../identities/store';
import { maskToken } from '../security/csrf';
import type { Ui } from '../ui/nodes';
import type { Flow } from './store';

const iso = (d: Date) => new Date(d).toISOString();

/** The flow's ui with a freshly masked csrf_token value (a new mask on every render). */
function renderUi(f: Flow): Ui {
  const ui: Ui = JSON.parse(JSON.stringify(f.ui)) as Ui;
  for (const n of ui.nodes) {
    if (n.attributes.name === 'csrf_token') n.attributes.value = f.type === 'browser' && f.csrf_token ? maskToken(f.csrf_token) : '';
  }
  const out: Ui = { action: ui.action, method: ui.method, nodes: ui.nodes };
  if (ui.messages && ui.messages.length > 0) out.messages = ui.messages;
  return out;
}

/** The flow object exactly as Kratos serialises it for its kind. */
export async function flowJson(ctx: Ctx, f: Flow): Promise<Record<string, unknown>> {
  const base: Record<string, unknown> = {
    id: f.id,
    type: f.type,
    expires_at: iso(f.expires_at),
    issued_at: iso(f.issued_at),
    request_url: f.request_url,
  };
  if (f.return_to) base.return_to = f.return_to;
  if (f.active) base.active = f.active;
  base.ui = renderUi(f);
  switch (f.kind) {
    case 'login':
      return {
        ...base,
        organization_id: null,
        created_at: iso(f.created_at),
        updated_at: iso(f.updated_at),
        refresh: !!f.internal.refresh,
        requested_aal: 'aal1',
        state: f.state,
      };
    case 'registration':
      return { ...base, organization_id: null, state: f.state };
    case 'settings': {
      const identity = f.identity_id ? await getIdentity(ctx.db, f.identity_id) : null;
      return {
        ...base,
        organization_id: null,
        identity: identity ? await identityJson(ctx.db, ctx.cfg.baseUrl, identity) : null,
        state: f.state,
        ...(f.internal.continueWith?.length ? { continue_with: f.internal.continueWith } : {}),
      };
    }
    case 'recovery':
      return { ...base, state: f.state, ...(f.internal.continueWith?.length ? { continue_with: f.internal.continueWith } : {}) };
    case 'verification':
      return { ...base, state: f.state };
  }
}

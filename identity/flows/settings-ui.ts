import type { Ctx } from '../context';
import { getCredentials, type IdentityRow } from '../identities/store';
import { traitNodes } from '../identities/schema';
import { csrfNode, input, type Ui } from '../ui/nodes';
import { text } from '../ui/text';

export async function linkedProviders(ctx: Ctx, identityId: string): Promise<{ providers: { provider: string; subject: string }[]; firstFactors: number }> {
  const creds = await getCredentials(ctx.db, identityId);
  const providers = (creds.find((c) => c.type === 'oidc')?.config.providers as { provider: string; subject: string }[] | undefined) ?? [];
  const hasPassword = creds.some((c) => c.type === 'password' && typeof c.config.hashed_password === 'string');
  return { providers, firstFactors: (hasPassword ? 1 : 0) + providers.length };
}

/** Settings nodes for the identity's current values: default, profile, password, oidc groups. */
export async function settingsUi(ctx: Ctx, identity: IdentityRow): Promise<Ui> {
  const { providers, firstFactors } = await linkedProviders(ctx, identity.id);
  const linked = providers.map((p) => p.provider);
  const oidc = ctx.cfg.oidc.flatMap((p) => {
    if (!linked.includes(p.id)) return [input('oidc', 'link', 'submit', { value: p.id, label: text.linkOidc(p.label) })];
    return firstFactors >= 2 ? [input('oidc', 'unlink', 'submit', { value: p.id, label: text.unlinkOidc(p.label) })] : [];
  });
  return {
    action: `${ctx.cfg.baseUrl}self-service/settings?flow={id}`,
    method: 'POST',
    nodes: [
      csrfNode(),
      ...traitNodes('profile', identity.traits),
      input('profile', 'method', 'submit', { value: 'profile', label: text.labelSave() }),
      input('password', 'password', 'password', { required: true, autocomplete: 'new-password', label: text.labelPassword() }),
      input('password', 'method', 'submit', { value: 'password', label: text.labelSave() }),
      ...oidc,
    ],
  };
}

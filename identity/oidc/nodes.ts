import type { Ctx } from '../context';
import { input, type UiNode } from '../ui/nodes';
import { text } from '../ui/text';

/** One `provider` submit button per configured provider, group `oidc`. */
export function oidcButtons(ctx: Ctx, kind: 'login' | 'registration'): UiNode[] {
  return ctx.cfg.oidc.map((p) =>
    input('oidc', 'provider', 'submit', { value: p.id, label: kind === 'login' ? text.loginWith(p.label, p.id) : text.registrationWith(p.label, p.id) }),
  );
}

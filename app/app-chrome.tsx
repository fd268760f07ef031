import type { ReactNode } from 'react';
import { ReturnToRedirect } from '@/components/auth/return-to-redirect';
import { IntlWarmup } from '@/components/platform/intl-warmup';
import { NotificationsProvider } from '@/components/platform/notifications';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { scriptNonce } from '@/lib/server/security/script-nonce';
import { currentStage } from '@/lib/server/stage';
import { AppShell } from '@/components/shell/app-shell';
import { shellUser } from '@/components/shell/shell-user';

/**
 * The shell around every signed-in page (spec §2 "app" layout): it needs a signed-in user and
 * shows the menu their permission set allows (spec §6). Used by the (app) layout and by the
 * not-found page, which Next renders outside any route group.
 */
export async function AppChrome({ children }: { children: ReactNode }) {
  const user = await requireUser({ allowWithoutRole: true });
  const [permissions, stage, nonce] = await Promise.all([permissionsOf(user.actor), currentStage(), scriptNonce()]);
  return (
    <NotificationsProvider channel="global">
      <AppShell permissions={permissions} stage={stage} user={shellUser(user.session)}>
        <ReturnToRedirect />
        {children}
      </AppShell>
      {/* After the page's HTML: an inline script stops the parser until the stylesheets have
          loaded, and the page's scripts, loaded by then too, run before parsing goes on; placed
          first, it kept the page's content out of the first paint until every script had run. */}
      <IntlWarmup nonce={nonce} />
    </NotificationsProvider>
  );
}

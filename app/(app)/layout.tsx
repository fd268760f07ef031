import type { ReactNode } from 'react';
import { ReturnToRedirect } from '@/components/auth/return-to-redirect';
import { NotificationsProvider } from '@/components/platform/notifications';
import { AppShell } from '@/components/shell/app-shell';
import { shellUser } from '@/components/shell/shell-user';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { currentStage } from '@/lib/server/stage';

// Every page of the shell needs a signed-in user; the menu follows their permission set (spec §6).
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser({ allowWithoutRole: true });
  const [permissions, stage] = await Promise.all([permissionsOf(user.actor), currentStage()]);
  return (
    <NotificationsProvider channel="global">
      <AppShell permissions={permissions} stage={stage} user={shellUser(user.session)}>
        <ReturnToRedirect />
        {children}
      </AppShell>
    </NotificationsProvider>
  );
}

import type { ReactNode } from 'react';
import { NotificationsProvider } from '@/components/platform/notifications';
import { AppShell } from '@/components/shell/app-shell';
import { noPermissions } from '@/lib/shared/permissions';

// The permission set comes from the signed-in user once sign-in exists; until then every flag is false (spec §6 default).
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <NotificationsProvider channel="global">
      <AppShell permissions={noPermissions()}>{children}</AppShell>
    </NotificationsProvider>
  );
}

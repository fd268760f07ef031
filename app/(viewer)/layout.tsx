import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';
import { NotificationsProvider } from '@/components/platform/notifications';
import { requireUser } from '@/lib/server/auth/require-user';
import styles from './viewer-layout.module.css';

/** The 3D viewer's layout: no margins, the canvas fills the window (spec §2). Signed-in users only. */
export default async function ViewerLayout({ children }: { children: ReactNode }) {
  await requireUser();
  return (
    <ClientMessages area="viewer">
      <NotificationsProvider channel="global">
        <main id="main" className={styles.viewport}>
          {children}
        </main>
      </NotificationsProvider>
    </ClientMessages>
  );
}

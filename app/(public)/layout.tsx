import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';
import { NotificationsProvider } from '@/components/platform/notifications';
import styles from './public-layout.module.css';

/** Pages anyone may open without signing in (a published tour): no menu, no session asked for. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="tours">
      <NotificationsProvider channel="global">
        <main id="main" className={styles.viewport}>
          {children}
        </main>
      </NotificationsProvider>
    </ClientMessages>
  );
}

import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';
import { MaintenanceBanner } from '@/components/platform/lazy-maintenance-banner';
import { NotificationsProvider } from '@/components/platform/notifications';
import styles from './auth-layout.module.css';

/** Full-width layout of the sign-in, sign-up, recovery and verification screens (spec §2). */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages area="auth">
      <NotificationsProvider channel="auth">
        <MaintenanceBanner />
        <main id="main" className={styles.page}>
          {children}
        </main>
      </NotificationsProvider>
    </ClientMessages>
  );
}

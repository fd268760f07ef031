import type { ReactNode } from 'react';
import { NotificationsProvider } from '@/components/platform/notifications';
import styles from './viewer-layout.module.css';

/** The 3D viewer's layout: no margins, the canvas fills the window (spec §2). */
export default function ViewerLayout({ children }: { children: ReactNode }) {
  return (
    <NotificationsProvider channel="global">
      <main id="main" className={styles.viewport}>
        {children}
      </main>
    </NotificationsProvider>
  );
}

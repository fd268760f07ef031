import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';
import { requireUser } from '@/lib/server/auth/require-user';
import styles from './print-layout.module.css';

/**
 * Paper chrome (routes.ts layout 'print'): no menu, no notifications, white page — what is shown
 * is what is printed, and what the server-made PDF contains, light in a dark colour scheme too.
 * Signed-in users only.
 */
export default async function PrintLayout({ children }: { children: ReactNode }) {
  await requireUser();
  return (
    <main id="main" className={`${styles.paper} light-scheme`}>
      <ClientMessages area="print">{children}</ClientMessages>
    </main>
  );
}

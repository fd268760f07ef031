import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The mission lists and the mission detail: their client components translate with the missions messages. */
export default function MissionsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="missions">{children}</ClientMessages>;
}

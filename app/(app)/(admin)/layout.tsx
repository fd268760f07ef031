import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The company, customer and user centers: their client components translate with the admin messages. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="admin">{children}</ClientMessages>;
}

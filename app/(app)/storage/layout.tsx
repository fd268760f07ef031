import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** /storage translates with the storage messages. */
export default function StorageLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="storage">{children}</ClientMessages>;
}

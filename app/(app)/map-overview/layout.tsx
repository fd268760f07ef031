import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

export default function AreaLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="mapOverview">{children}</ClientMessages>;
}

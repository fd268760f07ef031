import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The panelizer's client components translate with the panelizer messages (lib/i18n/client-namespaces.ts). */
export default function PanelizerLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="panelizer">{children}</ClientMessages>;
}

import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The support view's form translates with the support messages. */
export default function SupportLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="support">{children}</ClientMessages>;
}

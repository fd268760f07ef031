import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The blurring list and editor translate with the blurring messages. */
export default function BlurringLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="blurring">{children}</ClientMessages>;
}

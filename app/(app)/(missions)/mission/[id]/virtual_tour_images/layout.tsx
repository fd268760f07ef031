import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** A tour page below the mission: adds the tour viewer's, images' and segmentation's messages to the missions area's. */
export default function TourPageLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="tourPages">{children}</ClientMessages>;
}

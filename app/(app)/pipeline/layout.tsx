import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/platform/client-messages';

/** The pipeline's client components translate with the pipeline and dataset messages. */
export default function PipelineLayout({ children }: { children: ReactNode }) {
  return <ClientMessages area="pipeline">{children}</ClientMessages>;
}

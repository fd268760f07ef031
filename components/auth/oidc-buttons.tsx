'use client';

import { Separator } from '@/components/ui/separator';
import styles from './auth.module.css';
import { FlowNode, nodeKey } from './flow-node';
import type { UiNode } from '@/lib/shared/identity/flow';

/** "or" and the single sign-on buttons (the oidc group exists only when a provider is configured). */
export function OidcButtons({ nodes, disabled }: { nodes: UiNode[]; disabled?: boolean }) {
  if (nodes.length === 0) return null;
  return (
    <>
      <Separator />
      {nodes.map((node, index) => (
        <FlowNode key={nodeKey(node, index)} node={node} disabled={disabled} className={styles.secondary} />
      ))}
    </>
  );
}

import { translateUiText, type Translate } from '@/lib/shared/identity/response';
import type { UiNode } from '@/lib/shared/identity/flow';

export const nodeName = (node: UiNode) => (typeof node.attributes.name === 'string' ? node.attributes.name : '');
export const nodeType = (node: UiNode) => (typeof node.attributes.type === 'string' ? node.attributes.type : 'text');
export const isSubmit = (node: UiNode) => node.attributes.node_type === 'input' && (nodeType(node) === 'submit' || nodeType(node) === 'button');
export const isHidden = (node: UiNode) => node.attributes.node_type === 'input' && nodeType(node) === 'hidden';

/**
 * The label of a node in the user's language. Input fields we know by name (`auth.fields.<name>`,
 * dots as underscores) get our wording, so the identifier reads "Email" whatever title the
 * schema gives it; everything else is translated by message id (auth.kratosCodes), so a trait the
 * identity schema adds shows its schema title.
 */
export function nodeLabel(node: UiNode, t: Translate): string {
  const name = nodeName(node);
  if (!isSubmit(node) && name) {
    const own = t(`auth.fields.${name.replace(/\./g, '_')}`);
    if (own) return own;
  }
  const label = node.meta?.label;
  return label ? translateUiText(label, t) : name;
}

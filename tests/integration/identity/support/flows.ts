import { ResponseError, type UiNode, type UiNodeInputAttributes } from '@ory/client-fetch';

/** The value of the csrf_token node of a flow. */
export function csrfOf(flow: { ui: { nodes: UiNode[] } }): string {
  const node = flow.ui.nodes.find((n) => (n.attributes as UiNodeInputAttributes).name === 'csrf_token');
  return String((node?.attributes as UiNodeInputAttributes | undefined)?.value ?? '');
}

export function nodeNamed(flow: { ui: { nodes: UiNode[] } }, name: string): UiNode | undefined {
  return flow.ui.nodes.find((n) => (n.attributes as UiNodeInputAttributes).name === name);
}

export function messageIds(flow: { ui: { messages?: { id: number }[] } }): number[] {
  return (flow.ui.messages ?? []).map((m) => m.id);
}

/** Runs an SDK call that must fail; returns the HTTP status and parsed body. */
export async function failure(p: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ResponseError) {
      const text = await err.response.text();
      return { status: err.response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: err.response.headers };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const STRONG_PASSWORD = 'Quartz-Lantern-93!';

import type { Ctx } from '../context';
import { errors } from '../http/errors';
import type { Req } from '../http/request';
import type { Res } from '../http/response';
import { addMessage, clearMessages } from '../ui/nodes';
import type { UiText } from '../ui/text';
import { respondFlow } from './http';
import { saveFlow, type Flow } from './store';

export interface FieldMessage {
  field?: string;
  message: UiText;
}

/** Stores messages on the flow and answers 400 (JSON) / 303 (HTML). */
export async function failFlow(ctx: Ctx, req: Req, res: Res, flow: Flow, messages: FieldMessage[], status = 400): Promise<void> {
  for (const m of messages) addMessage(flow.ui, m.message, m.field);
  await saveFlow(ctx.db, flow);
  await respondFlow(ctx, req, res, flow, status);
}

/** Clears old messages before a new submit is evaluated, as Kratos does. */
export function startSubmit(flow: Flow): void {
  clearMessages(flow.ui);
}

/** Required-field messages: absent → 4000002, empty → 4000003 (what HTML forms send). */
export function requiredField(body: Record<string, unknown>, name: string, missing: (n: string) => UiText, empty: () => UiText): FieldMessage | null {
  const v = body[name];
  if (v === undefined || v === null) return { field: name, message: missing(name) };
  if (typeof v !== 'string') return { field: name, message: missing(name) };
  if (v === '') return { field: name, message: empty() };
  return null;
}

export function notFound(): never {
  throw errors.notFound('The requested resource could not be found');
}

/** Where a browser goes after success: the flow's return_to, else the given default. */
export function successUrl(flow: Flow, fallback: string): string {
  return flow.return_to ?? fallback;
}

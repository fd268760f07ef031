import type { Ctx } from '../context';
import { errors } from '../http/errors';
import { paging, setLinkHeader } from '../http/paging';
import type { Req } from '../http/request';
import type { Res } from '../http/response';

interface MessageRow {
  id: string;
  type: string;
  status: string;
  recipient: string;
  subject: string;
  body: string;
  template_type: string;
  send_count: number;
  created_at: Date;
  updated_at: Date;
}

const json = (m: MessageRow) => ({
  id: m.id,
  type: m.type,
  status: m.status,
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  template_type: m.template_type,
  send_count: m.send_count,
  created_at: new Date(m.created_at).toISOString(),
  updated_at: new Date(m.updated_at).toISOString(),
});

/** GET /admin/courier/messages?status=&recipient=&page_size=&page_token= (newest first) */
export async function listMessages(ctx: Ctx, req: Req, res: Res): Promise<void> {
  const { limit, offset } = paging(req);
  const where: string[] = [];
  const params: unknown[] = [];
  for (const key of ['status', 'recipient'] as const) {
    const v = req.query.get(key);
    if (v) {
      params.push(key === 'recipient' ? v.trim().toLowerCase() : v);
      where.push(`${key} = $${params.length}`);
    }
  }
  params.push(limit + 1, offset);
  const r = await ctx.db.query<MessageRow>(
    `SELECT * FROM identity.courier_messages ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  setLinkHeader(req, res, limit, offset, r.rows.length > limit);
  res.json(200, r.rows.slice(0, limit).map(json));
}

/** GET /admin/courier/messages/{id} */
export async function getMessage(ctx: Ctx, _req: Req, res: Res, id: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw errors.notFound('Unable to locate the resource');
  const r = await ctx.db.query<MessageRow>('SELECT * FROM identity.courier_messages WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw errors.notFound('Unable to locate the resource');
  res.json(200, json(row));
}

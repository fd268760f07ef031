import 'server-only';
import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MissionListFilters } from '@/lib/shared/schemas/mission-view';
import type { Actor } from '../auth/actor';
import { mission, missionTag } from '../db/schema';
import { AppError } from '../errors';
import { missionVisibleTo } from './visibility';

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a mission list: tenant rule first, then the caller's filters. */
export function missionListWhere(actor: Actor, f: MissionListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [missionVisibleTo(actor)];
  if (!f.includeHidden) conditions.push(eq(mission.hidden, false));
  if (f.closed !== undefined) conditions.push(eq(mission.closed, f.closed));
  if (f.status?.length) conditions.push(inArray(mission.status, f.status));
  if (f.step?.length) conditions.push(inArray(mission.step, f.step));
  if (f.priority?.length) conditions.push(inArray(mission.priority, f.priority));
  if (f.companyId?.length) conditions.push(inArray(mission.companyId, f.companyId));
  if (f.customerId?.length) conditions.push(or(inArray(mission.customerId, f.customerId), inArray(mission.subCustomerId, f.customerId)));
  if (f.assigneeId?.length) conditions.push(inArray(mission.assigneeId, f.assigneeId));
  if (f.assignedTo === 'me') {
    if (actor.kind !== 'user') throw new AppError('validation', 'invalid input', { fields: { assignedTo: ['errors.missions.signedInOnly'] } });
    conditions.push(eq(mission.assigneeId, actor.identityId));
  }
  if (f.tagId?.length) {
    conditions.push(exists(sql`(select 1 from ${missionTag} where ${and(eq(missionTag.missionId, mission.id), inArray(missionTag.tagId, f.tagId))})`));
  }
  if (f.q) {
    // search_text is lower-cased and trigram-indexed (docs/adr/0003), so this stays an index scan.
    conditions.push(sql`${mission.searchText} like ${`%${likeLiteral(f.q.toLowerCase())}%`}`);
  }
  return and(...conditions);
}

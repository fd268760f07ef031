import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { MissionShareItem } from '@/lib/shared/schemas/mission-share';
import { builtOnce } from '../db/built-once';
import type { Db } from '../db/client';
import { appUser, company, customer, missionShare } from '../db/schema';
import type { DomainContext } from '../domain/context';
import { requireMission } from './visibility';

/** Every detail page of a user who may share reads them: built once (built-once.ts). */
const sharesOf = builtOnce((db: Db) =>
  db
    .select({
      missionId: missionShare.missionId,
      customerId: missionShare.customerId,
      customerNumber: customer.customerNumber,
      customerName: customer.name,
      companyName: company.name,
      sharedBy: missionShare.sharedBy,
      sharedByName: appUser.displayName,
      sharedAt: missionShare.sharedAt,
    })
    .from(missionShare)
    .innerJoin(customer, eq(customer.id, missionShare.customerId))
    .innerJoin(company, eq(company.id, customer.companyId))
    .leftJoin(appUser, eq(appUser.identityId, missionShare.sharedBy))
    .where(eq(missionShare.missionId, sql.placeholder('missionId')))
    .orderBy(asc(missionShare.sharedAt), asc(missionShare.customerId)),
);

/**
 * The customers a mission is shared with (spec §3 Mission share: shared by, shared with, date),
 * oldest first. Only for those who may share it: whom else a mission is shared with is not the
 * business of a customer it was shared with.
 */
export async function listMissionShares(ctx: DomainContext, input: { missionId: number }): Promise<MissionShareItem[]> {
  const { missionId } = input;
  await requireMission(ctx, missionId, 'share');
  const rows = await sharesOf(ctx.db).execute({ missionId });
  return rows.map((r) => ({ ...r, sharedAt: r.sharedAt.toISOString() }));
}

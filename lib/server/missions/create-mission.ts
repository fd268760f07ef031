import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_STOREY_HEIGHT_M, measureBuilding, type PolygonGeometry } from '@/lib/shared/geo';
import {
  createMissionInput,
  MISSION_LIFECYCLE_FIELDS,
  type MissionDto,
} from '@/lib/shared/schemas/mission';
import { encodeIssue } from '@/lib/shared/validation/issue';
import { missionName } from '@/lib/shared/validation/mission';
import { deliveryAutoFill } from '@/lib/shared/validation/working-days';
import { recordAudit } from '../audit/record-audit';
import { actorId, seesAllTenants } from '../auth/actor';
import { requirePermission } from '../auth/require-permission';
import { building, company, customer, mission, missionTag, tag } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { toBuildingDto, toMissionDto } from './mission-dto';

/** A field error; `key` is a message key (messages/*.json), so the UI shows it in the user's language. */
const invalid = (field: string, key: string) => new AppError('validation', 'invalid input', { fields: { [field]: [key] } });

/** Creates a mission with its buildings (spec §5: at least one), measuring each footprint. */
export async function createMission(ctx: DomainContext, data: z.output<typeof createMissionInput>): Promise<MissionDto> {
  const { actor } = ctx;
  // spec §6: creating a mission is what the planner does; its menu flag gates the API too.
  await requirePermission(actor, 'UI.menu.planner');
  if (!seesAllTenants(actor)) {
    if (actor.kind !== 'user' || actor.companyId !== data.companyId) {
      throw new AppError('not_authorized', 'missions can only be created for your own company', undefined, 'errors.missions.ownCompanyOnly');
    }
    const lifecycle = MISSION_LIFECYCLE_FIELDS.filter((f) => data[f] !== undefined);
    if (lifecycle.length > 0) throw new AppError('not_authorized', `not allowed to set ${lifecycle.join(', ')} on creation`, undefined, 'errors.missions.lifecycleOnCreation');
  }

  return inTransaction(ctx, async (tx) => {
    const [owner] = await tx.db.select().from(company).where(eq(company.id, data.companyId));
    if (!owner) throw invalid('companyId', 'errors.missions.companyNotFound');
    const badName = missionName({ isBuildingMaterialsPartner: owner.isMaterialsPartner })(data.name);
    if (badName) throw invalid('name', encodeIssue(badName));
    const customerIds = [data.customerId, data.subCustomerId].filter((id): id is number => id !== undefined);
    const customers = customerIds.length
      ? await tx.db.select({ id: customer.id, companyId: customer.companyId, parentId: customer.parentId }).from(customer).where(inArray(customer.id, customerIds))
      : [];
    const main = customers.find((c) => c.id === data.customerId);
    if (data.customerId !== undefined && (!main || main.companyId !== data.companyId)) {
      throw invalid('customerId', 'errors.missions.customerNotOfCompany');
    }
    if (data.subCustomerId !== undefined) {
      const sub = customers.find((c) => c.id === data.subCustomerId);
      if (!sub || sub.parentId !== data.customerId) throw invalid('subCustomerId', 'errors.missions.notSubCustomer');
    }
    const tagIds = [...new Set(data.tagIds)];
    if (tagIds.length) {
      const found = await tx.db.select({ id: tag.id }).from(tag).where(inArray(tag.id, tagIds));
      if (found.length !== tagIds.length) throw invalid('tagIds', 'errors.missions.unknownTag');
    }

    const buildings = data.buildings.map((b) => {
      const storeyHeight = b.storeyHeight ?? DEFAULT_STOREY_HEIGHT_M;
      const measures = measureBuilding(b.footprint, b.levels, storeyHeight);
      // An area (a plot, a yard) has no walls: no facade.
      return { ...b, storeyHeight, ...measures, facadeArea: b.type === 'area' ? 0 : measures.facadeArea };
    });
    const centre = centroid(data.buildings[0]!.footprint);
    const { buildings: _b, tagIds: _t, createdAt, ...fields } = data;
    const author = actorId(actor);
    const [row] = await tx.db
      .insert(mission)
      .values({
        ...fields,
        latitude: data.latitude ?? centre[1],
        longitude: data.longitude ?? centre[0],
        deliveryDate: data.deliveryDate ?? deliveryAutoFill({ pcl: data.pclDeliveryDate, cad: data.cadDeliveryDate }),
        ownerId: data.ownerId ?? author,
        createdBy: author,
        ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
      })
      .returning();
    const created = row!;
    const buildingRows = await tx.db
      .insert(building)
      .values(buildings.map((b) => ({ ...b, missionId: created.id, ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) })))
      .returning();
    if (tagIds.length) await tx.db.insert(missionTag).values(tagIds.map((tagId) => ({ missionId: created.id, tagId })));

    const buildingDtos = buildingRows.sort((a, b) => a.id - b.id).map(toBuildingDto);
    const dto = toMissionDto(created, buildingDtos, tagIds);
    const { buildings: builtList, ...auditFields } = dto;
    await recordAudit(tx, {
      entity: 'mission',
      entityId: created.id,
      missionId: created.id,
      action: 'create',
      diff: { ...auditFields, buildings: builtList.map((b) => ({ id: b.id, name: b.name, type: b.type, groundArea: b.groundArea, levels: b.levels })) },
    });
    return dto;
  });
}

/** Mean of the outline's corners: good enough to place a building-sized polygon on a map. */
function centroid(polygon: PolygonGeometry): [number, number] {
  const ring = (polygon.coordinates[0] ?? []).slice(0, -1);
  const sum = ring.reduce((acc, [lon, lat]) => [acc[0] + lon, acc[1] + lat], [0, 0]);
  return [sum[0] / ring.length, sum[1] / ring.length];
}

/** createMission for JSON-shaped input (seed, tests): parsed with the endpoint's schema first. */
export const createMissionFromJson = parsedBy(createMissionInput, createMission);

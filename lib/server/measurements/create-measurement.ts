import 'server-only';
import { measurementInput, type MeasurementDto, type MeasurementValue } from '@/lib/shared/schemas/measurement';
import { actorId } from '../auth/actor';
import { recordAudit } from '../audit/record-audit';
import { measurement } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { requireMission } from '../missions/visibility';
import { EDIT_MEASUREMENTS } from './measurement-access';
import { toMeasurementDto } from './measurement-dto';

/** Saves a new item of the viewer to a mission (as it is made); audited as 'create'. */
export async function createMeasurement(ctx: DomainContext, input: MeasurementValue & { missionId: number }): Promise<MeasurementDto> {
  const { missionId, kind, name, visible, points, data } = input;
  return inTransaction(ctx, async (tx) => {
    await requireMission(tx, missionId, EDIT_MEASUREMENTS);
    const [row] = await tx.db.insert(measurement).values({ missionId, kind, name, visible, points, data, createdBy: actorId(tx.actor) }).returning();
    const dto = toMeasurementDto(row!);
    await recordAudit(tx, { entity: 'measurement', entityId: dto.id, missionId, action: 'create', diff: { kind, name, points: points.length } });
    return dto;
  });
}

/** createMeasurement for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const createMeasurementFromJson = async (ctx: DomainContext, { missionId, ...body }: Record<string, unknown> & { missionId: number }) =>
  createMeasurement(ctx, { ...parseInput(measurementInput, body), missionId });

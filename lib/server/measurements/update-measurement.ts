import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { measurementInput, updateMeasurementBody, type MeasurementDto, type UpdateMeasurementBody } from '@/lib/shared/schemas/measurement';
import { recordAudit } from '../audit/record-audit';
import { measurement } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { parseInput } from '../domain/validate';
import { versionConflict } from '../errors';
import { EDIT_MEASUREMENTS, requireMeasurement } from './measurement-access';
import { toMeasurementDto } from './measurement-dto';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes an item (PATCH with `version`, 409 when stale): its name, visibility, points or data.
 * The kind stays; the changed item is checked whole against its kind's rules, so a height keeps
 * two points and an annotation its title. Only a real change bumps the version; audited with the diff.
 */
export async function updateMeasurement(ctx: DomainContext, input: z.output<typeof updateMeasurementBody> & { id: number }): Promise<MeasurementDto> {
  const { id, version, ...patch } = input;
  return inTransaction(ctx, async (tx) => {
    const current = await requireMeasurement(tx, id, EDIT_MEASUREMENTS, { lock: true });
    if (current.version !== version) throw versionConflict('measurement');
    const next = parseInput(measurementInput, {
      kind: current.kind,
      name: patch.name ?? current.name,
      visible: patch.visible ?? current.visible,
      points: patch.points ?? current.points,
      data: patch.data ?? current.data,
    });
    const diff: Record<string, unknown> = {};
    if (next.name !== current.name) diff.name = [current.name, next.name];
    if (next.visible !== current.visible) diff.visible = [current.visible, next.visible];
    if (!same(next.points, current.points)) diff.points = [current.points.length, next.points.length];
    if (!same(next.data, current.data)) diff.data = true;
    if (Object.keys(diff).length === 0) return toMeasurementDto(current);
    const [row] = await tx.db
      .update(measurement)
      .set({ name: next.name, visible: next.visible, points: next.points, data: next.data, updatedAt: sql`now()`, version: sql`${measurement.version} + 1` })
      .where(and(eq(measurement.id, id), eq(measurement.version, version)))
      .returning();
    await recordAudit(tx, { entity: 'measurement', entityId: id, missionId: current.missionId, action: 'update', diff });
    return toMeasurementDto(row!);
  });
}

/** updateMeasurement for JSON-shaped input (tests): the body parsed with the endpoint's schema first. */
export const updateMeasurementFromJson = async (ctx: DomainContext, { id, ...body }: UpdateMeasurementBody & { id: number }) =>
  updateMeasurement(ctx, { ...parseInput(updateMeasurementBody, body), id });

import 'server-only';
import type { z } from 'zod';
import { createTablePresetBody, type TablePresetDto } from '@/lib/shared/schemas/table-preset';
import { recordAudit } from '../audit/record-audit';
import { tablePreset } from '../db/schema';
import { inTransaction, type DomainContext } from '../domain/context';
import { isUniqueViolation, parsedBy } from '../domain/validate';
import { AppError } from '../errors';
import { ownerOf, toTablePresetDto } from './table-preset-dto';

/** Saves the user's column choice of the missions table under a name, unique per user (409 otherwise). */
export async function createTablePreset(ctx: DomainContext, data: z.output<typeof createTablePresetBody>): Promise<TablePresetDto> {
  const owner = ownerOf(ctx.actor);
  if (!owner) throw new AppError('not_authorized', 'table presets belong to a user', undefined, 'errors.missions.presetsNeedUser');
  return inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insert(tablePreset)
      .values({ ownerId: owner, name: data.name, columns: data.columns })
      .returning()
      .then((rows) => rows[0]!)
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'table_preset_owner_name_key')) throw new AppError('conflict', 'you have a preset with this name', { fields: { name: ['errors.missions.alreadyExists'] } }, 'errors.missions.presetNameTaken');
        throw err;
      });
    await recordAudit(tx, { entity: 'table_preset', entityId: row.id, action: 'create', diff: data });
    return toTablePresetDto(row);
  });
}

/** createTablePreset for JSON-shaped input (tests): parsed with the endpoint's schema first. */
export const createTablePresetFromJson = parsedBy(createTablePresetBody, createTablePreset);

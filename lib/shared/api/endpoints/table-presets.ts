import { z } from 'zod';
import { idSchema } from '@/lib/shared/schemas/common';
import { createTablePresetBody, tablePresetSchema } from '@/lib/shared/schemas/table-preset';
import { endpoint } from '../endpoint';

export const listTablePresets = endpoint({
  method: 'GET',
  path: '/api/v2/table-presets',
  summary: "The signed-in user's table presets of the missions table (name and columns)",
  tag: 'missions',
  response: z.object({ items: z.array(tablePresetSchema) }),
});

export const createTablePreset = endpoint({
  method: 'POST',
  path: '/api/v2/table-presets',
  summary: 'Saves a named column choice; 409 when the user has a preset of that name',
  tag: 'missions',
  body: createTablePresetBody,
  response: tablePresetSchema,
  status: 201,
});

export const deleteTablePreset = endpoint({
  method: 'DELETE',
  path: '/api/v2/table-presets/{id}',
  summary: "Deletes one of the user's presets",
  tag: 'missions',
  params: z.object({ id: z.coerce.number().pipe(idSchema) }),
  response: z.null(),
  status: 204,
});

import { z } from 'zod';
import { panelizerDocumentSchema } from '../panelizer/document';
import { panelizerResultsSchema, panelizerTotalsSchema } from '../panelizer/results';
import { idSchema, requiredText } from './common';
import { PANELIZER_FILE_FORMATS } from '../vocabulary/panelizer';

/** The panelizer's projects and exports on the wire (issue 19 "API shape"). */

export * from '../vocabulary/panelizer';

export const panelizerProjectNameSchema = requiredText(120);
const version = z.number().int().positive();
const origin = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);

export const createPanelizerProjectBody = z.strictObject({
  name: panelizerProjectNameSchema,
  /** The dataset whose converted cloud the project uses; the mission's latest converted one when absent. */
  datasetId: idSchema.optional(),
  /** Cloud coordinates of local (0, 0, 0); the cloud's lower corner when absent. */
  origin: origin.optional(),
});
export const savePanelizerDocumentBody = z.strictObject({ version, document: panelizerDocumentSchema });
export const renamePanelizerProjectBody = z.strictObject({ version, name: panelizerProjectNameSchema });
export const panelizerVersionQuery = z.object({ version: z.coerce.number().int().positive() });

export const panelizerProjectParams = z.object({ id: z.uuid() });
export const panelizerExportParams = z.object({ id: z.uuid() });
export const panelizerFileParams = z.object({ id: z.uuid(), format: z.enum(PANELIZER_FILE_FORMATS) });

export const panelizerExportSummarySchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  missionId: idSchema,
  number: z.number().int().positive(),
  /** The project's name when the export was made. */
  name: z.string(),
  createdAt: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  totals: panelizerTotalsSchema,
  /** Where its files download: format → URL. */
  files: z.record(z.enum(PANELIZER_FILE_FORMATS), z.string()),
});
export type PanelizerExportSummaryDto = z.output<typeof panelizerExportSummarySchema>;

export const panelizerExportSchema = panelizerExportSummarySchema.extend({ document: panelizerDocumentSchema, results: panelizerResultsSchema });
export type PanelizerExportDto = z.output<typeof panelizerExportSchema>;

export const panelizerProjectSummarySchema = z.object({
  id: z.uuid(),
  missionId: idSchema,
  datasetId: idSchema.nullable(),
  name: z.string(),
  version,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedExportId: z.uuid().nullable(),
  publishedAt: z.string().nullable(),
});
export type PanelizerProjectSummaryDto = z.output<typeof panelizerProjectSummarySchema>;

export const panelizerProjectSchema = panelizerProjectSummarySchema.extend({ document: panelizerDocumentSchema });
export type PanelizerProjectDto = z.output<typeof panelizerProjectSchema>;

export const panelizerProjectsSchema = z.object({
  /** The projects, for whoever may edit them (empty for readers). */
  items: z.array(panelizerProjectSummarySchema),
  /** The mission's published exports: what the customer and the partner read. */
  published: z.array(panelizerExportSummarySchema),
  mayEdit: z.boolean(),
});
export type PanelizerProjectsDto = z.output<typeof panelizerProjectsSchema>;

export const panelizerExportsSchema = z.object({ items: z.array(panelizerExportSummarySchema) });

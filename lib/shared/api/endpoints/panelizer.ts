import { z } from 'zod';
import { missionIdParams } from '@/lib/shared/schemas/mission-view';
import {
  createPanelizerProjectBody, panelizerExportParams, panelizerFileParams, panelizerExportSchema, panelizerExportsSchema, panelizerProjectParams, panelizerProjectSchema,
  panelizerProjectsSchema, panelizerVersionQuery, renamePanelizerProjectBody, savePanelizerDocumentBody,
} from '@/lib/shared/schemas/panelizer';
import { PANELIZER_MAX_DOCUMENT_BYTES } from '@/lib/shared/panelizer/document';
import { endpoint } from '../endpoint';

/*
 * The facade panelizer (issue 19 "API shape"): projects per mission with their document (floors,
 * outlines, openings; lib/shared/panelizer/document.ts), immutable numbered exports with the
 * computed facade schedule, and the published export the customer and the partner read.
 */

const tag = 'panelizer';

export const listPanelizerProjects = endpoint({
  method: 'GET',
  path: '/api/v2/missions/{id}/panelizer-projects',
  summary: "The mission's panelizer projects (for the provider's staff) and its published exports (for everyone who sees the mission)",
  tag,
  params: missionIdParams,
  response: panelizerProjectsSchema,
});

export const createPanelizerProject = endpoint({
  method: 'POST',
  path: '/api/v2/missions/{id}/panelizer-projects',
  summary: "Creates a project on the mission's converted point cloud (409 without one); its local frame starts at `origin`, else at the cloud's lower corner",
  tag,
  params: missionIdParams,
  body: createPanelizerProjectBody,
  response: panelizerProjectSchema,
  status: 201,
});

export const getPanelizerProject = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-projects/{id}',
  summary: 'A project with its document',
  tag,
  params: panelizerProjectParams,
  response: panelizerProjectSchema,
});

export const savePanelizerDocument = endpoint({
  method: 'PUT',
  path: '/api/v2/panelizer-projects/{id}',
  summary: 'Saves the document based on `version` (409 version_conflict with `currentVersion` when stale; 422 naming each field that breaks a rule, e.g. a self-intersecting outline; 413 above 8 MiB)',
  tag,
  params: panelizerProjectParams,
  body: savePanelizerDocumentBody,
  // Up to 10 000 openings (issue 19 point 5): the API's 1 MiB holds about 4 000.
  maxBodyBytes: PANELIZER_MAX_DOCUMENT_BYTES,
  response: panelizerProjectSchema,
});

export const renamePanelizerProject = endpoint({
  method: 'PATCH',
  path: '/api/v2/panelizer-projects/{id}',
  summary: 'Renames a project (409 version_conflict when stale)',
  tag,
  params: panelizerProjectParams,
  body: renamePanelizerProjectBody,
  response: panelizerProjectSchema,
});

export const deletePanelizerProject = endpoint({
  method: 'DELETE',
  path: '/api/v2/panelizer-projects/{id}',
  summary: 'Deletes a project and its exports; `version` is the one last read (409 when stale)',
  tag,
  params: panelizerProjectParams,
  query: panelizerVersionQuery,
  response: z.null(),
  status: 204,
});

export const createPanelizerExport = endpoint({
  method: 'POST',
  path: '/api/v2/panelizer-projects/{id}/exports',
  summary: "Freezes the project's document and its facade schedule as the next numbered, immutable export",
  tag,
  params: panelizerProjectParams,
  response: panelizerExportSchema,
  status: 201,
});

export const listPanelizerExports = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-projects/{id}/exports',
  summary: "The project's exports, newest first",
  tag,
  params: panelizerProjectParams,
  response: panelizerExportsSchema,
});

export const getPanelizerExport = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-exports/{id}',
  summary: 'An export, read-only: its document and results (per elevation, facade and floor; totals; balconies apart). Customers and partners read only a published one',
  tag,
  params: panelizerExportParams,
  response: panelizerExportSchema,
});

export const publishPanelizerExport = endpoint({
  method: 'POST',
  path: '/api/v2/panelizer-exports/{id}/publish',
  summary: "Publishes the export: the project's published state, shown to the mission's customer and partner (one per project)",
  tag,
  params: panelizerExportParams,
  response: panelizerExportSchema,
});

export const unpublishPanelizerExport = endpoint({
  method: 'DELETE',
  path: '/api/v2/panelizer-exports/{id}/publish',
  summary: 'Withdraws the published export',
  tag,
  params: panelizerExportParams,
  response: panelizerExportSchema,
});

export const panelizerExportFile = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-exports/{id}/files/{format}',
  summary: "The export's facade schedule as a file in the caller's language: csv and xlsx (a row per elevation, facade totals, the building's total), dxf (R12: floor plans on a layer per floor, unfolded elevations with windows and doors), pdf (the report)",
  tag,
  params: panelizerFileParams,
  response: z.string().describe('The file itself'),
});

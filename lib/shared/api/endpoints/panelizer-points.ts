import { z } from 'zod';
import { panelizerPointsQuerySchema } from '@/lib/shared/panelizer/points';
import { panelizerExportParams, panelizerProjectParams } from '@/lib/shared/schemas/panelizer';
import { endpoint } from '../endpoint';

/* The point sets the panelizer's editor draws on (lib/shared/panelizer/points.ts). */

export const getPanelizerProjectPoints = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-projects/{id}/points',
  summary:
    "A point set cut from the project's cloud in its document's local frame, as application/octet-stream (lib/shared/panelizer/points.ts: " +
    '24-byte header, float32 u, v and uint8 r, g, b per point). `view=section` (x0, y0, x1, y1 optional, depth), `view=plan` (zMin, zMax) or ' +
    '`view=elevation` (x0, y0, x1, y1, zMin, zMax, depth); `limit` thins evenly. ETag from the cloud and the query (304 on If-None-Match)',
  tag: 'panelizer',
  params: panelizerProjectParams,
  query: panelizerPointsQuerySchema,
  response: z.string().describe('The encoded point set'),
});

export const getPanelizerExportPoints = endpoint({
  method: 'GET',
  path: '/api/v2/panelizer-exports/{id}/points',
  summary:
    "The same point sets for an export opened read-only, in the export's frame: for its editors, and for the mission's customer and partner once it is published (404 before)",
  tag: 'panelizer',
  params: panelizerExportParams,
  query: panelizerPointsQuerySchema,
  response: z.string().describe('The encoded point set'),
});

import { SECTION_LINE_HEADER, decodePanelizerPoints, parseSectionLine, type PanelizerPoints, type PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import { isErrorEnvelope } from '@/lib/shared/errors';
import { ApiError } from '../fetcher';
import { urlOf } from './call';
import { routes as panelizerPoints } from './routes/panelizer-points';
import { routes as tours } from './routes/tours';

/**
 * A point set cut from the project's cloud (lib/shared/panelizer/points.ts): binary, not JSON,
 * so it has its own small fetch; failures still throw the one ApiError.
 */
export const fetchPanelizerPoints = (projectId: string, query: PanelizerPointsQuery, signal?: AbortSignal) =>
  fetchPoints(urlOf(panelizerPoints.getPanelizerProjectPoints, { params: { id: projectId }, query }), signal);

/** The same for an export opened read-only (readers of a published export may fetch these). */
export const fetchPanelizerExportPoints = (exportId: string, query: PanelizerPointsQuery, signal?: AbortSignal) =>
  fetchPoints(urlOf(panelizerPoints.getPanelizerExportPoints, { params: { id: exportId }, query }), signal);

/** A floor's top-down slice of the mission's point cloud under the tour segmentation plan (same wire format). */
export const fetchTourPlan = (missionId: number, floor: number, signal?: AbortSignal) =>
  fetchPoints(urlOf(tours.getTourPlan, { params: { id: missionId }, query: { floor } }), signal);

async function fetchPoints(url: string, signal?: AbortSignal): Promise<PanelizerPoints> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : 'Network error');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    if (isErrorEnvelope(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.details);
    throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'bad_request', response.statusText || `HTTP ${response.status}`);
  }
  const points = decodePanelizerPoints(await response.arrayBuffer());
  const section = parseSectionLine(response.headers.get(SECTION_LINE_HEADER));
  return section ? { ...points, section } : points;
}

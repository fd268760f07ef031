import 'server-only';
import { forbidden, notFound } from 'next/navigation';
import { mapStyleUrl } from '@/lib/server/map/map-style';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { requireUser } from '@/lib/server/auth/require-user';
import { listCompanies } from '@/lib/server/companies/list-companies';
import { pageContext } from '@/lib/server/domain/contexts';
import { AppError } from '@/lib/server/errors';
import { getMission } from '@/lib/server/missions/get-mission';
import { listMissionBuildings } from '@/lib/server/missions/list-mission-buildings';
import { DEFAULT_STOREY_HEIGHT_M } from '@/lib/shared/geo';
import {
  ADDITIONAL_PRODUCTS,
  DESCRIPTION_MAX_BYTES,
  MISSION_NAME_MAX_LENGTH,
  MISSION_PRIORITIES,
  MISSION_PRODUCTS,
} from '@/lib/shared/schemas/mission';
import type { MapView } from '@/components/map/base-map';
import { plannedOf } from '@/components/planner/drawing';
import type { PlannerConfig } from '@/components/planner/planner-config';

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Storey height the planner uses for facade areas (perimeter × levels × storey height). One named
 * constant, the documented default of lib/shared/geo (3.0 m); the planner shows it next to the totals.
 */
export const PLANNER_STOREY_HEIGHT_M = DEFAULT_STOREY_HEIGHT_M;

/** The whole of Germany: where the seeded and most real missions lie. */
const GERMANY: MapView = { longitude: 10.45, latitude: 51.16, zoom: 5.5 };

/** Matches the server's optional-text limit of the references (lib/shared/schemas/mission.ts). */
const REFERENCE_MAX = 100;

/**
 * The planner page's data. Without UI.menu.planner the page is not found (spec §6); the create
 * verb checks the same flag. `?mission={id}` loads that mission's buildings for editing: an
 * unknown id is 404, a mission the user may not see 403 'not authorized to access mission id'.
 */
export async function loadPlanner(searchParams: SearchParams) {
  const { actor } = await requireUser();
  const permissions = await permissionsOf(actor);
  if (!permissions.UI.menu.planner) notFound();
  const ctx = pageContext(actor, 'planner');
  const companies = await listCompanies(ctx, { limit: 500 });
  const config: PlannerConfig = {
    products: MISSION_PRODUCTS,
    additionalProducts: ADDITIONAL_PRODUCTS,
    priorities: MISSION_PRIORITIES,
    limits: { nameMaxLength: MISSION_NAME_MAX_LENGTH, referenceMaxBytes: REFERENCE_MAX, descriptionMaxBytes: DESCRIPTION_MAX_BYTES },
    storeyHeightM: PLANNER_STOREY_HEIGHT_M,
    chooseCompany: permissions.allow.chooseCompany,
    companies,
    ownCompanyId: actor.companyId,
    styleUrl: mapStyleUrl(),
  };

  const raw = Array.isArray(searchParams.mission) ? searchParams.mission[0] : searchParams.mission;
  if (raw === undefined) return { config, initialView: GERMANY, mission: null };
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) notFound();
  try {
    const [detail, rows] = await Promise.all([getMission(ctx, { id }), listMissionBuildings(ctx, { missionId: id })]);
    const buildings = rows.map(plannedOf);
    const first = buildings[0]?.ring[0];
    const initialView = first ? { longitude: first[0], latitude: first[1], zoom: 18 } : GERMANY;
    return { config, initialView, mission: { id, name: detail.name, buildings } };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    if (err instanceof AppError && (err.code === 'not_authorized')) forbidden();
    throw err;
  }
}

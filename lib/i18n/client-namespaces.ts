/**
 * Which message namespaces reach the browser, per area of the app. Client components translate in
 * the browser, so their messages travel with every page (inlined in its HTML); sending the whole
 * catalogue (over 50 kB) to every page would grow with every feature. The root layout sends
 * SHARED; each area's segment layout sends SHARED plus its own (a nested provider replaces the
 * outer one, it does not merge). tests/unit/i18n/client-namespaces.test.ts checks that the client
 * components of each area only use namespaces their area sends.
 */
export const SHARED_NAMESPACES = ['app', 'errors', 'validation', 'ui', 'notifications', 'maintenance'] as const;

export const AREA_NAMESPACES = {
  auth: ['auth'],
  profile: ['profile', 'auth'],
  missions: ['missions', 'projectList', 'datasets', 'tours'],
  planner: ['planner', 'missions'],
  mapOverview: ['mapOverview', 'missions'],
  admin: ['admin', 'countries'],
  pipeline: ['pipeline', 'datasets'],
  blurring: ['blurring'],
  storage: ['storage'],
  print: ['missionPrint'],
  viewer: ['viewer'],
  support: ['support'],
  tours: ['tours'],
  confirmation: ['confirmation'],
  panelizer: ['panelizer'],
} as const;

export type Area = keyof typeof AREA_NAMESPACES;

type Catalogue = Record<string, unknown>;

/** The part of a message catalogue an area's client components need. */
export function clientMessages(messages: Catalogue, area?: Area): Catalogue {
  const names: readonly string[] = [...SHARED_NAMESPACES, ...(area ? AREA_NAMESPACES[area] : [])];
  return Object.fromEntries(names.filter((n) => n in messages).map((n) => [n, messages[n]]));
}

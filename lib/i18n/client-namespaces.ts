/**
 * Which message namespaces reach the browser, per area of the app. Client components translate in
 * the browser, so each page needs their messages (as files, lib/i18n/client-catalogue.ts); the
 * whole catalogue (over 50 kB) for every page would grow with every feature. The root layout sends
 * SHARED; each area's segment layout sends its own, which the browser merges with what the layouts
 * above it sent (components/platform/area-messages.tsx), so nothing travels twice.
 * tests/unit/i18n/client-namespaces.test.ts checks that the client components of each area only
 * use namespaces their area sends.
 */
export const SHARED_NAMESPACES = ['app', 'errors', 'validation', 'ui', 'notifications', 'maintenance'] as const;

export const AREA_NAMESPACES = {
  auth: ['auth'],
  profile: ['profile', 'auth'],
  missions: ['missions', 'projectList', 'datasets', 'tours'],
  // The tour pages below the mission (viewer, images, segmentation) add their parts of 'tours'.
  tourPages: ['tours.viewer', 'tours.imagesPage', 'tours.segmentation'],
  planner: ['planner', 'missions'],
  // The map overview finds places as the planner does (components/planner/place-finder.tsx).
  mapOverview: ['mapOverview', 'missions', 'planner.geocode', 'planner.goTo'],
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

/**
 * Parts of an area's namespaces that only some of its pages use: the area leaves them out and
 * those pages' layouts add them (the mission detail need not carry the tour viewer's messages).
 */
const LEFT_TO_PAGES: Partial<Record<Area, readonly string[]>> = {
  missions: AREA_NAMESPACES.tourPages,
};

type Catalogue = Record<string, unknown>;

/** The part of a message catalogue the root layout sends, or the shared part plus an area's. */
export function clientMessages(messages: Catalogue, area?: Area): Catalogue {
  return { ...pick(messages, SHARED_NAMESPACES), ...(area ? areaMessages(messages, area) : {}) };
}

const byCatalogue = new WeakMap<Catalogue, Map<Area, Catalogue>>();

/**
 * What an area's layout adds to the shared namespaces. The same objects for the same catalogue
 * and area (made once per process), so precompile.ts compiles each only once.
 */
export function areaMessages(messages: Catalogue, area: Area): Catalogue {
  let areas = byCatalogue.get(messages);
  if (!areas) byCatalogue.set(messages, (areas = new Map()));
  let out = areas.get(area);
  if (!out) areas.set(area, (out = pick(messages, AREA_NAMESPACES[area], LEFT_TO_PAGES[area] ?? [])));
  return out;
}

/** The named namespaces or sub-trees (`ns.key`) of a catalogue, without the `left` sub-trees. */
function pick(messages: Catalogue, names: readonly string[], left: readonly string[] = []): Catalogue {
  const out: Catalogue = {};
  for (const name of names) {
    const path = name.split('.');
    const value = path.reduce<unknown>((tree, key) => (tree as Catalogue | undefined)?.[key], messages);
    if (value === undefined) continue;
    const omit = left.filter((l) => l.startsWith(`${name}.`)).map((l) => l.slice(name.length + 1));
    setPath(out, path, omit.length ? without(value as Catalogue, omit) : value);
  }
  return out;
}

function without(tree: Catalogue, paths: readonly string[]): Catalogue {
  const out = { ...tree };
  for (const path of paths) {
    const [head, ...rest] = path.split('.');
    if (!(head! in out)) continue;
    if (rest.length) out[head!] = without(out[head!] as Catalogue, [rest.join('.')]);
    else delete out[head!];
  }
  return out;
}

function setPath(into: Catalogue, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (!rest.length) into[head!] = value;
  else setPath((into[head!] ??= {}) as Catalogue, rest, value);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { existsSync } from 'node:fs';
import { AREA_NAMESPACES, SHARED_NAMESPACES, areaMessages, clientMessages, type Area } from '@/lib/i18n/client-namespaces';
import { mergeMessages } from '@/lib/i18n/merge-messages';
import en from '@/messages/en.json';

const root = join(__dirname, '..', '..', '..');

/**
 * The area whose segment layouts render each components/ folder (the deepest folder named wins);
 * folders not named get only the shared namespaces.
 */
const FOLDER_AREA: Record<string, Area> = {
  auth: 'auth',
  profile: 'profile',
  missions: 'missions',
  planner: 'planner',
  'map-overview': 'mapOverview',
  admin: 'admin',
  pipeline: 'pipeline',
  blurring: 'blurring',
  storage: 'storage',
  // Dataset pieces shared by the pipeline and the mission detail: both areas send 'datasets'.
  datasets: 'pipeline',
  // The print view has its own layout (app/(print)).
  'missions/print': 'print',
  // The 3D viewer has its own layout (app/(viewer)).
  viewer: 'viewer',
  support: 'support',
  // Tour pieces: the missions area (detail, tour pages) and the public tour page both send 'tours'.
  tours: 'tours',
  // The confirmation view (app/(public)/confirm) sends its own.
  confirmation: 'confirmation',
  // The panelizer page has its own segment layout (app/(app)/(missions)/mission/[id]/panelizer).
  panelizer: 'panelizer',
};

const areaOf = (file: string): Area | undefined => {
  const parts = file.split('/');
  for (let n = parts.length - 1; n > 0; n -= 1) {
    const area = FOLDER_AREA[parts.slice(0, n).join('/')];
    if (area) return area;
  }
  return undefined;
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Client modules (they translate in the browser) and the namespaces their `useTranslations('…')` calls name. */
const clientUses = files(join(root, 'components'))
  .map((path) => ({ path, source: readFileSync(path, 'utf8') }))
  .filter(({ source }) => /^['"]use client['"]/m.test(source))
  .map(({ path, source }) => ({
    file: relative(join(root, 'components'), path),
    namespaces: [...source.matchAll(/useTranslations\(\s*'([^'.]+)[^']*'\s*\)/g)].map((m) => m[1]!),
  }))
  .filter((u) => u.namespaces.length > 0);

describe('client message namespaces', () => {
  it('finds the client components it checks', () => {
    expect(clientUses.length).toBeGreaterThan(40);
  });

  it.each(clientUses)('$file uses only namespaces its area sends', ({ file, namespaces }) => {
    const area = areaOf(file);
    const sent = new Set<string>([...SHARED_NAMESPACES, ...(area ? AREA_NAMESPACES[area] : [])]);
    expect(namespaces.filter((n) => !sent.has(n))).toEqual([]);
  });

  it('names only namespaces (or sub-trees) the catalogue has', () => {
    const has = (path: string) => path.split('.').reduce<unknown>((tree, key) => (tree as Record<string, unknown> | undefined)?.[key], en) !== undefined;
    for (const name of [...SHARED_NAMESPACES, ...Object.values(AREA_NAMESPACES).flat()]) expect({ name, has: has(name) }).toEqual({ name, has: true });
  });

  it("an area sends only what it adds to the root layout's shared namespaces, the same objects each time", () => {
    expect(Object.keys(areaMessages(en, 'missions')).sort()).toEqual(['datasets', 'missions', 'projectList', 'tours']);
    expect(areaMessages(en, 'missions')).toBe(areaMessages(en, 'missions'));
  });

  it("the mission pages leave the tour pages' parts of 'tours' to the tour pages' layouts", () => {
    const missions = areaMessages(en, 'missions').tours as Record<string, unknown>;
    for (const part of ['viewer', 'imagesPage', 'segmentation']) expect(missions).not.toHaveProperty(part);
    expect(missions.state).toBe(en.tours.state);
    expect(mergeMessages(areaMessages(en, 'missions'), areaMessages(en, 'tourPages')).tours).toEqual(en.tours);
    const below = join(root, 'app', '(app)', '(missions)', 'mission', '[id]');
    const tourPages = readdirSync(below).filter((d) => d.startsWith('virtual_tour'));
    expect(tourPages.sort()).toEqual(['virtual_tour', 'virtual_tour_images', 'virtual_tour_segmentation']);
    for (const dir of tourPages) {
      const layout = join(below, dir, 'layout.tsx');
      expect({ dir, tourPagesLayout: existsSync(layout) && readFileSync(layout, 'utf8').includes('area="tourPages"') }).toEqual({ dir, tourPagesLayout: true });
    }
  });

  it('sends the shared namespaces everywhere and an area only its own', () => {
    const missions = clientMessages(en, 'missions');
    expect(Object.keys(missions).sort()).toEqual([...SHARED_NAMESPACES, 'missions', 'projectList', 'datasets', 'tours'].sort());
    expect(missions.missions).toBe(en.missions);
    expect(Object.keys(clientMessages(en)).sort()).toEqual([...SHARED_NAMESPACES].sort());
    expect(JSON.stringify(clientMessages(en, 'missions')).length).toBeLessThan(JSON.stringify(en).length / 2);
  });
});

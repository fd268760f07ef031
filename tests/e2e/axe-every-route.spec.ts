import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { signInOverHttp } from '../support/e2e/sign-in-over-http';
import { axeViolations, type AxeViolation } from './support/axe';
import { withDb } from './support/db';
import { demoTour, missionHiddenFromCustomer } from './support/missions';

// Issue 20 point 6: axe finds no violation on any screen, in English and in German. Every page
// route of the app (app/**/page.tsx) is visited, with the demo data's real ids, as a user who may
// see it; one browser context per user and language.

type User = 'admin' | 'operator' | 'customer' | 'norole' | null;
interface Ids {
  demo: number;
  tour: number;
  confirmationToken: string;
}
interface Visit {
  user: User;
  path: (ids: Ids) => string;
  /** The HTTP status the visit answers with (200 unless said). */
  status?: number;
  /** Sections whose content loads once scrolled near (browser-only.tsx's whenNear): scrolled to and checked too. */
  reveal?: string[];
}

/** Each page file and how to reach it; `null` user: signed out. */
const ROUTES: Record<string, Visit> = {
  'page.tsx': { user: 'customer', path: () => '/' },
  '(app)/(admin)/company-center/page.tsx': { user: 'admin', path: () => '/company-center' },
  '(app)/(admin)/customer-center/page.tsx': { user: 'admin', path: () => '/customer-center' },
  '(app)/(admin)/user-center/page.tsx': { user: 'admin', path: () => '/user-center' },
  '(app)/(admin)/user-center/permissions/page.tsx': { user: 'admin', path: () => '/user-center/permissions' },
  '(app)/(missions)/assigned/page.tsx': { user: 'operator', path: () => '/assigned' },
  '(app)/(missions)/mission-list-beta/page.tsx': { user: 'admin', path: () => '/mission-list-beta' },
  '(app)/(missions)/mission-list/page.tsx': { user: 'customer', path: () => '/mission-list' },
  '(app)/(missions)/project-list/page.tsx': { user: 'admin', path: () => '/project-list' },
  '(app)/(missions)/mission/[id]/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}`, reveal: ['tours', 'stosim'] },
  '(app)/(missions)/mission/[id]/panelizer/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}/panelizer` },
  '(app)/(missions)/mission/[id]/virtual_tour/[tourId]/page.tsx': { user: 'admin', path: ({ demo, tour }) => `/mission/${demo}/virtual_tour/${tour}` },
  '(app)/(missions)/mission/[id]/virtual_tour_images/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}/virtual_tour_images` },
  '(app)/(missions)/mission/[id]/virtual_tour_segmentation/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}/virtual_tour_segmentation` },
  '(app)/blurring/page.tsx': { user: 'admin', path: () => '/blurring' },
  '(app)/blurring/editor/[mission]/[mode]/page.tsx': { user: 'admin', path: ({ demo }) => `/blurring/editor/${demo}/blur` },
  '(app)/default-role-missing/page.tsx': { user: 'norole', path: () => '/default-role-missing' },
  '(app)/map-overview/page.tsx': { user: 'admin', path: () => '/map-overview' },
  '(app)/pipeline/page.tsx': { user: 'admin', path: () => '/pipeline' },
  '(app)/planner/page.tsx': { user: 'admin', path: () => '/planner' },
  '(app)/profile/page.tsx': { user: 'customer', path: () => '/profile' },
  '(app)/storage/page.tsx': { user: 'admin', path: () => '/storage' },
  '(app)/support/page.tsx': { user: 'customer', path: () => '/support' },
  '(auth)/auth/signin/page.tsx': { user: null, path: () => '/auth/signin' },
  '(auth)/auth/signup/page.tsx': { user: null, path: () => '/auth/signup' },
  '(auth)/auth/recovery/page.tsx': { user: null, path: () => '/auth/recovery' },
  '(auth)/auth/verify-recovery/page.tsx': { user: null, path: () => '/auth/verify-recovery' },
  '(auth)/auth/verify/page.tsx': { user: null, path: () => '/auth/verify' },
  '(auth)/auth/error/page.tsx': { user: null, path: () => '/auth/error' },
  '(print)/mission/[id]/print/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}/print` },
  '(viewer)/mission/[id]/viewer/page.tsx': { user: 'admin', path: ({ demo }) => `/mission/${demo}/viewer` },
  '(public)/confirm/[token]/page.tsx': { user: null, path: ({ confirmationToken }) => `/confirm/${confirmationToken}` },
  // An unknown (or revoked) token's answer here. The published demo tour's page is checked in both
  // languages by blurring.spec.ts, right after the blurring is finished for real (the publish rule).
  '(public)/tours/[token]/page.tsx': { user: null, path: () => `/tours/${'x'.repeat(43)}`, status: 404 },
};

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pageFiles(join(dir, e.name)) : e.name === 'page.tsx' ? [join(dir, e.name)] : []));
}

/** The demo mission, its tour, and a fresh order confirmation link for it (only its hash is stored). */
async function demoIds(): Promise<Ids> {
  const confirmationToken = randomBytes(32).toString('base64url');
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(`select id from mission where internal_reference = 'ARG-2026-DEMO'`);
    const demo = Number(rows[0]!.id);
    await db.query(
      `insert into mission_confirmation (mission_id, kind, recipient, token_hash, expires_at) values ($1, 'order', 'customer@example.com', $2, now() + interval '1 day')`,
      [demo, createHash('sha256').update(confirmationToken).digest('hex')],
    );
    return { demo, tour: 0, confirmationToken };
  });
}

const EMAIL: Record<Exclude<User, null>, string> = {
  admin: 'admin@example.com',
  operator: 'operator@example.com',
  customer: 'customer@example.com',
  norole: 'norole@example.com',
};

test('every page route of the app is in the list', () => {
  const app = join(process.cwd(), 'app');
  expect(pageFiles(app).map((f) => relative(app, f)).sort()).toEqual(Object.keys(ROUTES).sort());
});

/** In dark mode only the colours change, so only colour contrast is checked there. */
interface Scheme {
  colorScheme: 'light' | 'dark';
  rules?: string[];
}
const LIGHT: Scheme = { colorScheme: 'light' };
const DARK: Scheme = { colorScheme: 'dark', rules: ['color-contrast'] };

async function checkAs(browser: Browser, user: User, locale: string, ids: Ids, { colorScheme, rules }: Scheme) {
  const context = await browser.newContext({ locale, timezoneId: 'Europe/Berlin', colorScheme });
  if (user) await signInOverHttp(context.request, EMAIL[user]);
  const page = await context.newPage();
  const found: Record<string, AxeViolation[]> = {};
  for (const [file, visit] of Object.entries(ROUTES).filter(([, v]) => v.user === user)) {
    const path = visit.path(ids);
    const res = await page.goto(path);
    expect(res?.status(), `${file} ${path}`).toBe(visit.status ?? 200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
    // Rendered: the main region is there and the page has quietened (axe's page-has-heading-one checks the heading).
    await expect(page.getByRole('main').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const id of visit.reveal ?? []) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await expect(page.getByTestId(id), `${path}#${id}`).toBeVisible();
    }
    const violations = await axeViolations(page, rules);
    if (violations.length) found[path] = violations;
  }
  await context.close();
  expect(found).toEqual({});
}

// Light in both languages; dark (the app follows the system's colour scheme) in English.
for (const [locale, scheme] of [['en-US', LIGHT], ['de-DE', LIGHT], ['en-US', DARK]] as const) {
  test.describe(`axe in ${locale}${scheme === DARK ? ', dark colour scheme' : ''}`, () => {
    let ids: Ids;
    test.beforeAll(async () => {
      ids = await demoIds();
    });
    for (const user of ['admin', 'operator', 'customer', 'norole', null] as const) {
      test(`no violation on the pages of ${user ?? 'a signed-out visitor'}`, async ({ browser }) => {
        test.setTimeout(user === 'admin' ? 720_000 : 240_000);
        if (user === 'admin') ids.tour = (await demoTour()).tourId;
        await checkAs(browser, user, locale, ids, scheme);
      });
    }
  });
}

// The screens that are no route of their own: the not-found and forbidden pages (a refused
// mission's, and the general one its tour images page shows), and the menu drawer open at 375 px, every rule, in both languages.
for (const locale of ['en-US', 'de-DE'] as const) {
  test(`axe in ${locale}: no violation on the not-found and forbidden pages and in the open menu drawer`, async ({ browser }) => {
    const hidden = await missionHiddenFromCustomer();
    const context = await browser.newContext({ locale, timezoneId: 'Europe/Berlin', bypassCSP: true });
    await signInOverHttp(context.request, EMAIL.customer);
    const page = await context.newPage();
    const found: Record<string, AxeViolation[]> = {};
    for (const [path, status] of [['/does-not-exist', 404], ['/mission/987654321', 404], [`/mission/${hidden}`, 403], [`/mission/${hidden}/virtual_tour_images`, 403]] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations(page);
      if (violations.length) found[path] = violations;
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/mission-list');
    await page.getByRole('button', { name: locale === 'de-DE' ? 'Menü öffnen' : 'Open menu' }).click();
    await expect(page.getByRole('navigation')).toBeVisible();
    // The slide-in is over (axe measures colours where things are).
    await expect.poll(() => page.getByRole('navigation').evaluate((nav) => getComputedStyle(nav).transform)).toBe('none');
    const drawer = await axeViolations(page);
    if (drawer.length) found['/mission-list, drawer open at 375 px'] = drawer;
    await context.close();
    expect(found).toEqual({});
  });
}

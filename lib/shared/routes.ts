/** The chromes of spec §2: full-width auth pages, the shell with the menu, the no-margin viewer; and paper for the print view. */
export type Layout = 'auth' | 'app' | 'viewer' | 'print';

export interface RouteDef {
  pattern: RegExp;
  layout?: Layout;
  /** Opens without a session (a published tour, a confirmation link: its unguessable token is the authorization). */
  public?: boolean;
}

const id = '\\d+';

/** Every route of spec §2 with its layout. Unmatched paths are the not-found page (app chrome). */
export const ROUTES: readonly RouteDef[] = [
  { pattern: /^\/(logout)?$/, layout: 'app' },
  { pattern: /^\/(login|auth(\/(signin|signup|recovery|verify|verify-recovery|error))?)$/, layout: 'auth' },
  { pattern: new RegExp(`^/mission/${id}/viewer$`), layout: 'viewer' },
  { pattern: new RegExp(`^/mission/${id}/print$`), layout: 'print' },
  { pattern: new RegExp(`^/mission/${id}(/(panelizer|virtual_tour_images|virtual_tour_segmentation|virtual_tour/[\\w-]+))?$`), layout: 'app' },
  { pattern: /^\/blurring(\/editor\/\d+\/[\w-]+)?$/, layout: 'app' },
  { pattern: /^\/tours\/[\w-]{16,64}$/, layout: 'viewer', public: true },
  // Any token, not only one of the right length: a link a mail client cut short must reach the
  // confirmation view, which says it is not valid, rather than send the customer to sign in.
  { pattern: /^\/confirm\/[^/]+$/, layout: 'viewer', public: true },
  {
    pattern: /^\/(assigned|company-center|customer-center|user-center(\/permissions)?|pipeline|map-overview|mission-list|mission-list-beta|planner|profile|project-list|storage|support|default-role-missing|not-found)$/,
    layout: 'app',
  },
];

/**
 * The layout of a path. A route defined without a layout is a programming error: it is
 * logged (spec §2) and falls back to the shell so the user still sees a page.
 */
export function layoutFor(pathname: string, routes: readonly RouteDef[] = ROUTES, log: (message: string) => void = console.error): Layout {
  const route = routes.find((r) => r.pattern.test(pathname));
  if (route && !route.layout) log(`this path does not have a layout defined: ${pathname}`);
  return route?.layout ?? 'app';
}

/** Whether the path is one of spec §2's routes (else it is the not-found page). */
export function isKnownRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): boolean {
  return routes.some((r) => r.pattern.test(pathname));
}

/** Whether the path is a route anyone may open without signing in. */
export function isPublicRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): boolean {
  return routes.some((r) => r.public === true && r.pattern.test(pathname));
}

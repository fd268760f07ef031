'use client';

import { browserOnly } from './browser-only';

/*
 * The maintenance notice loads in the browser (SWR) and renders nothing on the server, so its
 * code loads after the page instead of with it. Its place is a slot of no height until it shows.
 */
export const MaintenanceBanner = browserOnly(() => import('./maintenance-banner').then((m) => m.MaintenanceBanner));

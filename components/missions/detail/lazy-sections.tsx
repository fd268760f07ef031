'use client';

import { browserOnly } from '@/components/platform/browser-only';

/*
 * Sections whose content the browser loads (SWR) and which therefore render nothing on the
 * server: their code loads once they come near the screen, not with the page, so the page's
 * first-load JavaScript, its hydration and its first requests leave them out. They are the
 * page's last sections but the shares and the audit trail.
 */
export const ToursSection = browserOnly(() => import('@/components/tours/tours-section').then((m) => m.ToursSection), { whenNear: true });
export const StosimSection = browserOnly(() => import('./stosim/stosim-section').then((m) => m.StosimSection), { whenNear: true });

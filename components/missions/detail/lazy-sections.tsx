'use client';

import { browserOnly } from '@/components/platform/browser-only';

/*
 * Sections whose content the browser loads (SWR) and which therefore render nothing on the
 * server: their code loads right after the page instead of with it, so the page's first-load
 * JavaScript and its hydration leave them out.
 */
export const ToursSection = browserOnly(() => import('@/components/tours/tours-section').then((m) => m.ToursSection));
export const StosimSection = browserOnly(() => import('./stosim/stosim-section').then((m) => m.StosimSection));

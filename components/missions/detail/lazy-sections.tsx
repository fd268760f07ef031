'use client';

import dynamic from 'next/dynamic';

/*
 * Sections whose content the browser loads (SWR) and which therefore render nothing on the
 * server: their code loads right after the page instead of with it, so the page's first-load
 * JavaScript and its hydration leave them out.
 */
export const ToursSection = dynamic(() => import('@/components/tours/tours-section').then((m) => m.ToursSection), { ssr: false });
export const StosimSection = dynamic(() => import('./stosim/stosim-section').then((m) => m.StosimSection), { ssr: false });

/*
 * The upload controls are shown only to users who may upload (mission-access.ts): rendered on the
 * server as before, their code (the file-upload control, its progress and the tus hook) loads
 * with the page for those users alone, not for everyone who opens a mission.
 */
export const ScanUploadPanel = dynamic(() => import('@/components/missions/uploads/scan-upload-panel').then((m) => m.ScanUploadPanel));
export const CadUploadPanel = dynamic(() => import('@/components/missions/uploads/cad-upload-panel').then((m) => m.CadUploadPanel));

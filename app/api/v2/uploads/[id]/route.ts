import { handleUploadRequest } from '@/lib/server/uploads/handle-upload';
import { OFFER_PATCH, offerPatch } from '@/lib/server/uploads/node-patch';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The app server offers every PATCH to node-patch.ts before Next sees it (scripts/app-server.mjs).
(globalThis as Record<string, unknown>)[OFFER_PATCH] = offerPatch;

type Route = { params: Promise<{ id: string }> };
const handler = async (request: Request, { params }: Route) => handleUploadRequest(request, (await params).id);

/** tus 1.0 on one upload: HEAD (offset), PATCH (bytes), DELETE (termination) — lib/server/uploads/handle-upload.ts. */
export const HEAD = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;

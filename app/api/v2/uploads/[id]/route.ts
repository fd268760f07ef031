import { handleUploadRequest } from '@/lib/server/uploads/handle-upload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Route = { params: Promise<{ id: string }> };
const handler = async (request: Request, { params }: Route) => handleUploadRequest(request, (await params).id);

/** tus 1.0 on one upload: HEAD (offset), PATCH (bytes), DELETE (termination) — lib/server/uploads/handle-upload.ts. */
export const HEAD = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;

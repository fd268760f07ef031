import { handleUploadRequest } from '@/lib/server/uploads/handle-upload';

// tus needs the raw request body streamed (TOOLCHAIN gotcha 19); /api/ is not a page, so the route guard leaves it alone.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** tus 1.0: OPTIONS (capabilities) and POST (creation) — lib/server/uploads/handle-upload.ts. */
export const OPTIONS = (request: Request) => handleUploadRequest(request);
export const POST = (request: Request) => handleUploadRequest(request);

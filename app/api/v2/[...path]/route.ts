import { errorResponse, newRequestId } from '@/lib/server/api/envelope';

export const dynamic = 'force-dynamic';

// Unknown /api/v2 paths answer in the envelope rather than with the HTML not-found page.
function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  return errorResponse({ error: { code: 'not_found', message: `No API endpoint at ${path}` } }, newRequestId(request.headers.get('x-request-id')));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

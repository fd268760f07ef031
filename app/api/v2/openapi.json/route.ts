import { requestOrigin } from '@/lib/server/api/origin';
import { openApiDocument } from '@/lib/server/api/openapi';
import { endpoints } from '@/lib/shared/api/endpoints';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return Response.json(openApiDocument(endpoints, requestOrigin(request)));
}

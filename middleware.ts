import { NextResponse, type NextRequest } from 'next/server';
import { layoutFor } from '@/lib/shared/routes';

/**
 * Runs on every page navigation (not on /api, static files or images). Navigation UX only:
 * authorization lives in the domain verbs (ARCHITECTURE §4.1). The route guard of spec §2
 * comes with sign-in.
 */
export function middleware(request: NextRequest) {
  layoutFor(request.nextUrl.pathname);
  return NextResponse.next();
}

export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!api/|_next/|favicon.svg|logo/|.*\\.(?:svg|png|jpg|jpeg|webp|ico|mjs|js|css|map|txt|json)$).*)'],
};

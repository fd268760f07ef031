import { proxyToIdentity } from '@/lib/server/identity/proxy';

export const dynamic = 'force-dynamic';

// The identity service's own session list (GET, paged) and "revoke my other sessions" (DELETE)
// on our origin (spec §7), passed through unchanged like /self-service.
export const GET = proxyToIdentity;
export const HEAD = proxyToIdentity;
export const DELETE = proxyToIdentity;

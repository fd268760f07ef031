import { proxyToIdentity } from '@/lib/server/identity/proxy';

export const dynamic = 'force-dynamic';

// /sessions/whoami, /sessions/{id} (DELETE) and /sessions/token-exchange of the identity service
// on our origin (spec §7); the service answers unknown paths and methods itself.
export const GET = proxyToIdentity;
export const HEAD = proxyToIdentity;
export const POST = proxyToIdentity;
export const PUT = proxyToIdentity;
export const PATCH = proxyToIdentity;
export const DELETE = proxyToIdentity;

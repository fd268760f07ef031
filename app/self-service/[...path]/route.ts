import { proxyToIdentity } from '@/lib/server/identity/proxy';

export const dynamic = 'force-dynamic';

// The identity service's self-service API (flows, OIDC callback) on our own origin (ARCHITECTURE §2).
export const GET = proxyToIdentity;
export const HEAD = proxyToIdentity;
export const POST = proxyToIdentity;
export const PUT = proxyToIdentity;
export const PATCH = proxyToIdentity;
export const DELETE = proxyToIdentity;

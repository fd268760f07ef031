import { proxyToIdentity } from '@/lib/server/identity/proxy';

export const dynamic = 'force-dynamic';

// Only whoami: the session list and revocation stay server-side.
export const GET = proxyToIdentity;

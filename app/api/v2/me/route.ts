import { handle } from '@/lib/server/api/handler';
import { currentProfile } from '@/lib/server/users/current-profile';
import { me } from '@/lib/shared/api/endpoints/auth';

export const dynamic = 'force-dynamic';

export const GET = handle(me, async (_input, { user }) => currentProfile(user));

import { handle } from '@/lib/server/api/handler';
import { permissionsOf } from '@/lib/server/auth/permissions';
import { permission } from '@/lib/shared/api/endpoints/auth';

export const dynamic = 'force-dynamic';

export const GET = handle(permission, async (_input, { user }) => permissionsOf(user.actor));

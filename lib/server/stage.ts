import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/server/env';
import { resolveStage, type Stage } from '@/lib/shared/stage';

/** The deployment stage of this request: ARGUS_STAGE, else from the host the browser used. */
export async function currentStage(): Promise<Stage> {
  const h = await headers();
  return resolveStage({ stage: env().ARGUS_STAGE, host: h.get('x-forwarded-host') ?? h.get('host'), nodeEnv: process.env.NODE_ENV });
}

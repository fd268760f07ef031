/** Deployment stage: selects the logo variant and staging behaviour (spec §9). */
export const stages = ['dev', 'stage', 'prod'] as const;
export type Stage = (typeof stages)[number];

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (stages as readonly string[]).includes(value);
}

const STAGING_HOST = /stag(e|ing)/i;
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:\d+)?$/i;

/**
 * Resolves the stage, first match wins:
 * 1. an explicit `ARGUS_STAGE` (operators can always override);
 * 2. a staging host — any host name containing "stage" or "staging" (spec §9: "staging hosts
 *    select a staging setting");
 * 3. a local host (localhost, 127.0.0.1, ::1) or a development build → 'dev';
 * 4. otherwise 'prod' (spec §9: "others production").
 * Pure, so the server (from env + Host header) and the browser (from location) agree.
 */
export function resolveStage(input: { stage?: string | null; host?: string | null; nodeEnv?: string | null }): Stage {
  if (isStage(input.stage)) return input.stage;
  const host = (input.host ?? '').trim();
  if (host && STAGING_HOST.test(host)) return 'stage';
  if ((host && LOCAL_HOST.test(host)) || input.nodeEnv === 'development') return 'dev';
  return 'prod';
}

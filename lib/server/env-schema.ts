import { z } from 'zod';
import { CUSTOMER_NAME_MIN_LENGTH } from '../shared/schemas/customer';
import { parseTrustedProxies } from './net/trusted-proxies';

/**
 * Every configuration variable Argus reads. Unset means "use the embedded default";
 * `.env.example` documents each one. Kept free of `server-only` so the start-up
 * orchestrator can validate the environment before any child process starts.
 */
const url = z.url();
const port = z.coerce.number().int().min(1).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  /** Public origin of the app as browsers reach it; default http://localhost:PORT. */
  APP_URL: url.optional(),
  /** Deployment stage: selects the logo variant and staging behaviour. */
  ARGUS_STAGE: z.enum(['dev', 'stage', 'prod']).optional(),
  /** Processes the production app serves from (scripts/lib/cluster.mjs); default one per CPU core but one. */
  APP_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Reverse proxies (IPs/CIDRs, comma separated) whose X-Forwarded-For names the client; default none. */
  TRUSTED_PROXIES: z.string().optional().superRefine((v, c) => {
    try {
      parseTrustedProxies(v);
    } catch (err) {
      c.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Named (server-side prepared) statements (lib/server/db/statement-cache.ts); off behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  EMBEDDED_PG_PORT: port.default(54329),
  KRATOS_PUBLIC_URL: url.optional(),
  KRATOS_ADMIN_URL: url.optional(),
  KRATOS_ADMIN_TOKEN: z.string().min(16).optional(),
  /**
   * Key of the route guard's signed session hand-off to the page (lib/server/identity/session-handoff.ts);
   * generated once into DATA_DIR by `npm start`. Unset: a random key per app process.
   */
  SESSION_HANDOFF_SECRET: z.string().min(32).optional(),
  IDENTITY_PUBLIC_PORT: port.default(4433),
  IDENTITY_ADMIN_PORT: port.default(4434),
  // The identity service's privileged-session window (identity/config.ts, same default): how long
  // after an account recovery the profile may set a new password without asking for the old one.
  IDENTITY_PRIVILEGED_SESSION_MAX_AGE: z.coerce.number().int().min(1).default(900),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  // The cloud tier of issue 15 (docs/adr/0013-storage-and-cloud-sync.md): an S3-compatible bucket
  // when CLOUD_S3_BUCKET is set, else a second filesystem root (CLOUD_DIR, default DATA_DIR/cloud).
  CLOUD_DIR: z.string().min(1).optional(),
  CLOUD_S3_ENDPOINT: url.optional(),
  CLOUD_S3_REGION: z.string().min(1).default('us-east-1'),
  CLOUD_S3_BUCKET: z.string().min(3).optional(),
  CLOUD_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  CLOUD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  CLOUD_S3_FORCE_PATH_STYLE: bool.default(true),
  /** Files one sync, restore or unsync moves at the same time. */
  CLOUD_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Argus <no-reply@argus.local>'),
  /** Where the support view's requests go (spec §2 support), and the contact it shows. */
  SUPPORT_EMAIL: z.email().default('support@argus.local'),
  SUPPORT_PHONE: z.string().min(3).max(40).optional(),
  MAP_STYLE_URL: url.optional(),
  /** Nominatim-compatible search API for the planner's address search; unset: coordinates only. */
  GEOCODER_URL: url.optional(),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(0.5),
  /**
   * Days a succeeded mission backup is kept before maintenance.cleanup deletes it (archive and
   * record); the newest backup of each mission is kept however old.
   */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(90),
  /** A restore archive may unpack to at most this many bytes per compressed byte (compression bombs). */
  RESTORE_MAX_EXPANSION_RATIO: z.coerce.number().int().min(2).max(100_000).default(100),
  /** The record files of a restore archive together (JSON bytes, held in memory until written). */
  RESTORE_MAX_RECORD_BYTES: z.coerce.number().int().min(1024 * 1024).max(1024 * 1024 * 1024).default(64 * 1024 * 1024),
  /** Records of one set (buildings, audit events, ...) a restore archive may hold. */
  RESTORE_MAX_RECORDS: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Largest file one upload may carry (bytes); a larger Upload-Length is refused with 413 before any byte is stored. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024 * 1024).default(50 * 1024 ** 3),
  /** Bytes the browser sends per tus PATCH request (many 64 KB chunks; well under Next's 10 MB body cap). */
  UPLOAD_REQUEST_BYTES: z.coerce.number().int().min(64 * 1024).max(8 * 1024 * 1024).default(4 * 1024 * 1024),
  /** What one mission's uploads may add up to (bytes). */
  MISSION_QUOTA_BYTES: z.coerce.number().int().min(1024 * 1024).default(500 * 1024 ** 3),
  /** Hours an unfinished upload is kept for resuming (tus expiration). */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  /** Minutes without progress after which a processing dataset counts as stalled. */
  DATASET_STALL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** Longest one conversion stage may run before it is aborted (minutes). */
  CONVERSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(23 * 60).default(6 * 60),
  /** Most points one conversion chunk (one index job) holds: bounds the memory of a chunk job. */
  CONVERSION_CHUNK_POINTS: z.coerce.number().int().min(1000).max(50_000_000).default(1_000_000),
  /** Worker threads one worker process uses for conversion; unset: one per core, 0: none (in the worker's own thread). */
  CONVERSION_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** spec §5: the configurable minimum length of a customer name. */
  CUSTOMER_NAME_MIN_LENGTH: z.coerce.number().int().min(1).max(200).default(CUSTOMER_NAME_MIN_LENGTH),
}).superRefine((env, ctx) => {
  if (env.KRATOS_PUBLIC_URL && !env.KRATOS_ADMIN_URL) {
    ctx.addIssue({ code: 'custom', path: ['KRATOS_ADMIN_URL'], message: 'is required when KRATOS_PUBLIC_URL is set' });
  }
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set' });
  }
  if (env.CLOUD_S3_BUCKET && !(env.CLOUD_S3_ACCESS_KEY_ID && env.CLOUD_S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['CLOUD_S3_ACCESS_KEY_ID'], message: 'CLOUD_S3_ACCESS_KEY_ID and CLOUD_S3_SECRET_ACCESS_KEY are required when CLOUD_S3_BUCKET is set' });
  }
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment; throws an EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty string in a .env file means "unset", as in most tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

export function appOrigin(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

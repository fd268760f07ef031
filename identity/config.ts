import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './security/trusted-proxies';

/**
 * Configuration of the identity service, read once from the environment at start.
 * Every variable is documented in identity/README.md.
 */
const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().min(1);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** "<max>/<window seconds>", e.g. "10/60"; "0" disables the limit. */
const limit = z
  .string()
  .regex(/^(0|\d+\/\d+)$/, 'must be "<max>/<seconds>" or "0"')
  .transform((v) => {
    if (v === '0') return null;
    const [max, window] = v.split('/').map(Number);
    return { max: max ?? 0, windowSeconds: window ?? 60 };
  });

const schema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  IDENTITY_BASE_URL: z.url().default('http://localhost:4433/'),
  IDENTITY_UI_URL: z.url().optional(),
  IDENTITY_HOST: z.string().default('127.0.0.1'),
  IDENTITY_PUBLIC_PORT: port.default(4433),
  IDENTITY_ADMIN_HOST: z.string().default('127.0.0.1'),
  IDENTITY_ADMIN_PORT: port.default(4434),
  IDENTITY_DEV: flag.default(false),
  IDENTITY_ALLOWED_RETURN_URLS: z.string().optional(),
  IDENTITY_COOKIE_SECRET: z.string().min(32).optional(),
  KRATOS_ADMIN_TOKEN: z.string().min(16).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//).optional(),
  MAIL_FROM: z.string().min(3).default('Argus <no-reply@argus.local>'),
  IDENTITY_SESSION_LIFESPAN: seconds.default(86_400),
  IDENTITY_FLOW_LIFESPAN: seconds.default(3_600),
  IDENTITY_CODE_LIFESPAN: seconds.default(3_600),
  IDENTITY_PRIVILEGED_SESSION_MAX_AGE: seconds.default(900),
  IDENTITY_ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(131_072),
  IDENTITY_ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(1),
  IDENTITY_ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(2),
  IDENTITY_MIN_PASSWORD_LENGTH: z.coerce.number().int().min(1).default(8),
  /** Have I Been Pwned's range API; off, or unreachable: the bundled list alone (password/breached.ts). */
  IDENTITY_HIBP_ENABLED: flag.default(true),
  IDENTITY_HIBP_URL: z.url().default('https://api.pwnedpasswords.com'),
  IDENTITY_HIBP_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  IDENTITY_RATE_LIMIT_IDENTIFIER: limit.default({ max: 10, windowSeconds: 60 }),
  IDENTITY_RATE_LIMIT_ADDRESS: limit.default({ max: 60, windowSeconds: 60 }),
  IDENTITY_OIDC_PROVIDERS: z.string().default('microsoft'),
  /** IPs/CIDRs whose X-Forwarded-For is believed (the app's address when it proxies); default none. */
  TRUSTED_PROXIES: z.string().optional().superRefine((v, c) => {
    try {
      parseTrustedProxies(v);
    } catch (err) {
      c.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }),
});

/**
 * Where browsers are sent and which cookie domain is used: Kratos's `selfservice.flows.<flow>.ui_url`
 * and `.after.default_browser_return_url`, `selfservice.default_browser_return_url`,
 * `cookies.domain` and `session.cookie.domain`. Unset, they are Argus's own pages and host-only
 * cookies, so the app works without any of them.
 */
const cookieDomain = z.string().regex(/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, 'must be a host name');
const flowUrlSchema = z.object({
  IDENTITY_LOGIN_UI_URL: z.url().optional(),
  IDENTITY_REGISTRATION_UI_URL: z.url().optional(),
  IDENTITY_RECOVERY_UI_URL: z.url().optional(),
  IDENTITY_VERIFICATION_UI_URL: z.url().optional(),
  IDENTITY_SETTINGS_UI_URL: z.url().optional(),
  IDENTITY_ERROR_UI_URL: z.url().optional(),
  IDENTITY_DEFAULT_RETURN_URL: z.url().optional(),
  IDENTITY_LOGIN_RETURN_URL: z.url().optional(),
  IDENTITY_REGISTRATION_RETURN_URL: z.url().optional(),
  IDENTITY_RECOVERY_RETURN_URL: z.url().optional(),
  IDENTITY_VERIFICATION_RETURN_URL: z.url().optional(),
  IDENTITY_SETTINGS_RETURN_URL: z.url().optional(),
  IDENTITY_LOGOUT_RETURN_URL: z.url().optional(),
  IDENTITY_COOKIE_DOMAIN: cookieDomain.optional(),
  IDENTITY_SESSION_COOKIE_DOMAIN: cookieDomain.optional(),
});

export interface FlowUrls {
  ui: { login: string; registration: string; settings: string; recovery: string; verification: string; error: string };
  /** selfservice.default_browser_return_url */
  defaultReturnUrl: string;
  /** selfservice.flows.<flow>.after.default_browser_return_url; unset = the default return URL (settings: its own UI). */
  afterReturnUrl: { login?: string; registration?: string; settings?: string; recovery?: string; verification?: string };
  logoutReturnUrl: string;
  /** cookies.domain: CSRF and continuity cookies; unset = host-only. */
  cookieDomain?: string;
  /** session.cookie.domain, falling back to cookies.domain. */
  sessionCookieDomain?: string;
}

function flowUrls(env: z.infer<typeof flowUrlSchema>, uiBase: string): FlowUrls {
  return {
    ui: {
      login: env.IDENTITY_LOGIN_UI_URL ?? `${uiBase}auth/signin`,
      registration: env.IDENTITY_REGISTRATION_UI_URL ?? `${uiBase}auth/signup`,
      settings: env.IDENTITY_SETTINGS_UI_URL ?? `${uiBase}profile`,
      recovery: env.IDENTITY_RECOVERY_UI_URL ?? `${uiBase}auth/recovery`,
      verification: env.IDENTITY_VERIFICATION_UI_URL ?? `${uiBase}auth/verify`,
      error: env.IDENTITY_ERROR_UI_URL ?? `${uiBase}auth/error`,
    },
    defaultReturnUrl: env.IDENTITY_DEFAULT_RETURN_URL ?? uiBase,
    afterReturnUrl: {
      login: env.IDENTITY_LOGIN_RETURN_URL,
      registration: env.IDENTITY_REGISTRATION_RETURN_URL,
      settings: env.IDENTITY_SETTINGS_RETURN_URL,
      recovery: env.IDENTITY_RECOVERY_RETURN_URL,
      verification: env.IDENTITY_VERIFICATION_RETURN_URL,
    },
    logoutReturnUrl: env.IDENTITY_LOGOUT_RETURN_URL ?? `${uiBase}auth/signin`,
    cookieDomain: env.IDENTITY_COOKIE_DOMAIN,
    sessionCookieDomain: env.IDENTITY_SESSION_COOKIE_DOMAIN ?? env.IDENTITY_COOKIE_DOMAIN,
  };
}

export interface OidcProviderConfig {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string[];
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface Config extends FlowUrls {
  databaseUrl: string;
  /** Public base URL with a trailing slash, exactly as in Kratos' serve.public.base_url. */
  baseUrl: string;
  host: string;
  publicPort: number;
  adminHost: string;
  adminPort: number;
  dev: boolean;
  secureCookies: boolean;
  cookieSecret?: string;
  adminToken?: string;
  smtpUrl?: string;
  mailFrom: string;
  allowedReturnUrls: string[];
  lifespans: { session: number; flow: number; code: number; privileged: number };
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  password: { minLength: number; hibpEnabled: boolean; hibpUrl: string; hibpTimeoutMs: number };
  rateLimit: { identifier: RateLimit | null; address: RateLimit | null };
  trustedProxies: TrustedProxies;
  oidc: OidcProviderConfig[];
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function oidcProviders(ids: string, env: Record<string, string | undefined>): OidcProviderConfig[] {
  const out: OidcProviderConfig[] = [];
  for (const id of ids.split(',').map((s) => s.trim()).filter(Boolean)) {
    const key = `IDENTITY_OIDC_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_`;
    const issuer = env[`${key}ISSUER`];
    const clientId = env[`${key}CLIENT_ID`];
    const clientSecret = env[`${key}CLIENT_SECRET`];
    if (!issuer || !clientId || !clientSecret) continue;
    const label = env[`${key}LABEL`] ?? id.charAt(0).toUpperCase() + id.slice(1);
    const scope = (env[`${key}SCOPE`] ?? 'openid profile email').split(/[ ,]+/).filter(Boolean);
    out.push({ id, label, issuer, clientId, clientSecret, scope });
  }
  return out;
}

/** Parses the environment; throws with every bad variable named. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  const urls = flowUrlSchema.safeParse(cleaned);
  if (!parsed.success || !urls.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(urls.error?.issues ?? [])];
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`identity: invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const baseUrl = withSlash(env.IDENTITY_BASE_URL);
  const uiBase = withSlash(env.IDENTITY_UI_URL ?? baseUrl);
  const origin = new URL(baseUrl).origin;
  // Cookies are not Secure in dev mode, nor on plain-http localhost (browsers drop Secure cookies
  // set over http, which would make `npm start` on http://localhost unusable).
  const base = new URL(baseUrl);
  const plainLocal = base.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname);
  return {
    databaseUrl: env.DATABASE_URL,
    baseUrl,
    host: env.IDENTITY_HOST,
    publicPort: env.IDENTITY_PUBLIC_PORT,
    adminHost: env.IDENTITY_ADMIN_HOST,
    adminPort: env.IDENTITY_ADMIN_PORT,
    dev: env.IDENTITY_DEV,
    secureCookies: !env.IDENTITY_DEV && !plainLocal,
    cookieSecret: env.IDENTITY_COOKIE_SECRET,
    adminToken: env.KRATOS_ADMIN_TOKEN,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    allowedReturnUrls: (env.IDENTITY_ALLOWED_RETURN_URLS ?? `${origin}/`).split(',').map((s) => s.trim()).filter(Boolean),
    ...flowUrls(urls.data, uiBase),
    lifespans: {
      session: env.IDENTITY_SESSION_LIFESPAN,
      flow: env.IDENTITY_FLOW_LIFESPAN,
      code: env.IDENTITY_CODE_LIFESPAN,
      privileged: env.IDENTITY_PRIVILEGED_SESSION_MAX_AGE,
    },
    argon2: {
      memoryCost: env.IDENTITY_ARGON2_MEMORY_KIB,
      timeCost: env.IDENTITY_ARGON2_ITERATIONS,
      parallelism: env.IDENTITY_ARGON2_PARALLELISM,
    },
    password: { minLength: env.IDENTITY_MIN_PASSWORD_LENGTH, hibpEnabled: env.IDENTITY_HIBP_ENABLED, hibpUrl: env.IDENTITY_HIBP_URL.replace(/\/+$/, ''), hibpTimeoutMs: env.IDENTITY_HIBP_TIMEOUT_MS },
    rateLimit: { identifier: env.IDENTITY_RATE_LIMIT_IDENTIFIER, address: env.IDENTITY_RATE_LIMIT_ADDRESS },
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    oidc: oidcProviders(env.IDENTITY_OIDC_PROVIDERS, cleaned),
  };
}

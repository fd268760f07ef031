import { parseEnv, type Env } from '../env-schema';

/**
 * Where the identity service listens, as the server reaches it (never sent to browsers: they
 * reach it through the app's own origin). Free of `server-only` because the route guard uses it.
 */
let cached: Env | undefined;
const config = () => (cached ??= parseEnv(process.env));

export function kratosPublicUrl(): string {
  const e = config();
  return (e.KRATOS_PUBLIC_URL ?? `http://127.0.0.1:${e.IDENTITY_PUBLIC_PORT}`).replace(/\/$/, '');
}

export function kratosAdminUrl(): string {
  const e = config();
  return (e.KRATOS_ADMIN_URL ?? `http://127.0.0.1:${e.IDENTITY_ADMIN_PORT}`).replace(/\/$/, '');
}

export function kratosAdminToken(): string | undefined {
  return config().KRATOS_ADMIN_TOKEN;
}

/** The origin browsers see: APP_URL, else the forwarded/host headers (TOOLCHAIN gotcha 9). */
export function browserOrigin(headers: Headers, fallbackProtocol = 'http'): string {
  const e = config();
  if (e.APP_URL) return e.APP_URL.replace(/\/$/, '');
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  const proto = headers.get('x-forwarded-proto') ?? fallbackProtocol;
  return host ? `${proto}://${host}` : `http://localhost:${e.PORT}`;
}

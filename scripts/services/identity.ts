import type { ServiceFactory } from '../lib/service';

/**
 * The embedded identity service (identity/, a Kratos-compatible server), started only when no
 * real Kratos is configured (KRATOS_PUBLIC_URL unset). Its public base URL is the app's origin:
 * the app proxies /self-service/* and /sessions/whoami to it, so flows and cookies live there.
 * Cookies are not Secure in dev mode, nor when the origin is plain-http localhost (see
 * identity/README.md).
 */
const identity: ServiceFactory = (ctx) => {
  if (ctx.env.KRATOS_PUBLIC_URL) return null;
  const publicPort = ctx.env.IDENTITY_PUBLIC_PORT;
  const adminPort = ctx.env.IDENTITY_ADMIN_PORT;
  const env: NodeJS.ProcessEnv = {
    ...ctx.childEnv,
    IDENTITY_BASE_URL: `${ctx.appOrigin.replace(/\/$/, '')}/`,
    IDENTITY_HOST: '127.0.0.1',
    IDENTITY_ADMIN_HOST: '127.0.0.1',
    IDENTITY_PUBLIC_PORT: String(publicPort),
    IDENTITY_ADMIN_PORT: String(adminPort),
    IDENTITY_DEV: ctx.dev ? 'true' : 'false',
    // The app proxies every browser call from loopback and forwards the browser's address in
    // X-Forwarded-For (lib/server/identity/proxy.ts); the app's own TRUSTED_PROXIES (its reverse
    // proxies) mean nothing here.
    TRUSTED_PROXIES: '127.0.0.1,::1',
  };
  if (ctx.env.SMTP_URL) env.SMTP_URL = ctx.env.SMTP_URL;
  if (ctx.env.MAIL_FROM) env.MAIL_FROM = ctx.env.MAIL_FROM;
  if (ctx.env.KRATOS_ADMIN_TOKEN) env.KRATOS_ADMIN_TOKEN = ctx.env.KRATOS_ADMIN_TOKEN;
  return {
    name: 'identity',
    command: process.execPath,
    args: ['--import', 'tsx', 'identity/server.ts'],
    env,
    readyUrl: `http://127.0.0.1:${adminPort}/health/ready`,
    order: 20,
  };
};

export default identity;

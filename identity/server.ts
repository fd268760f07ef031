/**
 * Entry point of the embedded identity service (a Kratos-compatible server):
 * `node --import tsx identity/server.ts`. Configuration: identity/README.md.
 */
import { startIdentity } from './app';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const cfg = loadConfig();
  if (!['127.0.0.1', '::1', 'localhost'].includes(cfg.adminHost) && !cfg.adminToken) {
    throw new Error('identity: IDENTITY_ADMIN_HOST is not loopback; set KRATOS_ADMIN_TOKEN so the admin API is protected.');
  }
  const running = await startIdentity(cfg);
  console.log(`identity: public API on ${running.publicUrl} (base URL ${cfg.baseUrl}), admin API on ${running.adminUrl}`);
  if (!cfg.smtpUrl) console.log('identity: SMTP_URL is not set; mail goes to the outbox (GET /admin/courier/messages) and the log');
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

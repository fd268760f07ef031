/**
 * Entry point of the embedded identity service (a Kratos-compatible server):
 * `node --import tsx identity/server.ts`. Configuration: identity/README.md.
 */
import { startIdentity } from './app';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const cfg = loadConfig();
  const running = await startIdentity(cfg);
  console.log(`identity: public API on ${running.publicUrl} (base URL ${cfg.baseUrl}), admin API on ${running.adminUrl}`);
  if (!cfg.smtpUrl) console.log('identity: SMTP_URL is not set; mail stays in the outbox (GET /admin/courier/messages)');
  if (!cfg.adminToken) console.warn('identity: KRATOS_ADMIN_TOKEN is not set; the admin API refuses every call');
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

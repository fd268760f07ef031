import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** A running local OpenID provider (see op-process.mjs) and the client registered at it. */
export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export const TEST_CLIENT_ID = 'argus-test-client';
export const TEST_CLIENT_SECRET = 'argus-test-client-secret-0123456789';

/**
 * Starts the real `oidc-provider` in its own process on 127.0.0.1:`port`, with one client whose
 * only redirect URI is `redirectUri`. Resolves once it listens; `log` receives its output.
 */
export async function startOpenIdProvider(redirectUri: string, port: number, log?: (line: string) => void): Promise<OpenIdProvider> {
  const child = spawn(process.execPath, [join(__dirname, 'op-process.mjs'), String(port), TEST_CLIENT_ID, TEST_CLIENT_SECRET, redirectUri], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const keep = (d: Buffer) => {
    logs.push(d.toString());
    log?.(d.toString().trimEnd());
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`openid provider did not start: ${logs.join('')}`)), 15_000);
    child.stdout.on('data', (d: Buffer) => {
      keep(d);
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', keep);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`openid provider exited: ${logs.join('')}`));
    });
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

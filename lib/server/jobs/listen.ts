import 'server-only';
import { Client } from 'pg';

export interface Listener {
  close(): Promise<void>;
}

/**
 * LISTENs on a channel with a dedicated connection and reconnects (with backoff) when the
 * database goes away, so a database restart costs wake-ups only until it is back; polling
 * covers the gap.
 */
export function listen(connectionString: string, channel: string, onPayload: (payload: string) => void, log: (message: string) => void): Listener {
  let client: Client | undefined;
  let closed = false;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 10_000);
  };

  async function connect(): Promise<void> {
    const c = new Client({ connectionString, application_name: 'argus-worker-listen' });
    client = c;
    c.on('notification', (n) => onPayload(n.payload ?? ''));
    c.on('error', (err) => {
      if (client !== c) return;
      log(`wake-up connection lost (${err.message}); reconnecting`);
      void c.end().catch(() => undefined);
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      delay = 500;
    } catch (err) {
      if (client !== c) return;
      log(`cannot listen for new jobs yet (${(err as Error).message}); polling meanwhile`);
      void c.end().catch(() => undefined);
      schedule();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

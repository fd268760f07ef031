// Next calls register() once when a server instance starts: validate the configuration there so a
// missing or malformed variable stops start-up with a message naming it.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/server/env');
  env();
}

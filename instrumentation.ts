// Next calls register() once when a server instance starts: validate the configuration there so a
// missing or malformed variable stops start-up with a message naming it, and hand the route guard
// to the app's own HTTP server (scripts/app-server.mjs runs it before Next sees a page request).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/server/env');
  env();
  const { registerPageGuard } = await import('./lib/server/guard/node-guard');
  registerPageGuard();
}

// Next calls register() once when a server instance starts: validate the configuration there so a
// missing or malformed variable stops start-up with a message naming it, and hand the route guard
// to the app's own HTTP server (scripts/app-server.mjs runs it before Next sees a page request).
// The test is on NEXT_RUNTIME itself, as an `if` block: Next's Edge compilation of this file then
// drops the block, and with it the imports of Node-only modules.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { env } = await import('./lib/server/env');
    env();
    const { registerPageGuard } = await import('./lib/server/guard/node-guard');
    registerPageGuard();
  }
}

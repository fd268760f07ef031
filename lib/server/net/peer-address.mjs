/**
 * Preloaded into the app process (`node --import`, see scripts/services/app.ts): stamps every
 * incoming request with the address of the connection's peer in `x-argus-peer-address`,
 * replacing any value a client sent. Next.js hides the socket from route handlers and only
 * fills `X-Forwarded-For` with the peer when the client sent none, so without this the app could
 * not tell a trusted proxy's header from one a client made up (lib/server/net/client-address.ts).
 */
import http from 'node:http';
import https from 'node:https';

const PEER_HEADER = 'x-argus-peer-address'; // read by lib/server/net/client-address.ts

for (const Server of [http.Server, https.Server]) {
  const emit = Server.prototype.emit;
  Server.prototype.emit = function stampPeer(event, ...args) {
    if (event === 'request') {
      const req = args[0];
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  };
}

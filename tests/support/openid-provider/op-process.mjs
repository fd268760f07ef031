// A real OpenID Provider (the `oidc-provider` package) standing in for Microsoft Entra ID in the
// integration and end-to-end tests, run as its own process (the package is ESM-only):
//   node op-process.mjs <port> <client_id> <client_secret> <redirect_uri>
// Its development interactions accept any login name with any password. A login name that is an
// e-mail ("name@domain") becomes the account's e-mail, any other gets <name>@idp.example.com, so a test
// chooses who signs in. The subject (sub) is the login name; the ID token carries email,
// email_verified, given_name and family_name.
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  // Put the claims into the ID token itself (Entra ID does too), not only behind the userinfo endpoint.
  conformIdTokenClaims: false,
  cookies: { keys: ['openid-provider-test-cookie-key'] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        const email = id.includes('@') ? id : `${id}@idp.example.com`;
        return { sub: id, email, email_verified: true, given_name: 'Olivia', family_name: 'Provider' };
      },
    };
  },
});
provider.listen(Number(port), '127.0.0.1', () => console.log('ready'));

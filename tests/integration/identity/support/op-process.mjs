// A real OpenID Provider (the `oidc-provider` package) for the OIDC tests, run as its own process:
// node op-process.mjs <port> <client_id> <client_secret> <redirect_uri>
// Accounts: any login name; "name@domain" logins get that e-mail, others <name>@idp.example.
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  conformIdTokenClaims: false,
  cookies: { keys: ['openid-provider-test-cookie-key'] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        const email = id.includes('@') ? id : `${id}@idp.example`;
        return { sub: `sub-${id}`, email, email_verified: true, given_name: 'Olivia', family_name: 'Provider' };
      },
    };
  },
});
provider.listen(Number(port), '127.0.0.1', () => console.log('ready'));

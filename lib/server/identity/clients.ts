import { Configuration, FrontendApi, IdentityApi, CourierApi } from '@ory/client-fetch';
import { kratosAdminToken, kratosAdminUrl, kratosPublicUrl } from './urls';

/**
 * The identity service's public API as the server calls it on a browser's behalf: the browser's
 * cookies are forwarded per call (`{ cookie }` parameters), and `forwarded` carries the browser's
 * address and language so rate limits and mail language refer to the user, not to us.
 */
export function frontendApi(forwarded: Record<string, string> = {}): FrontendApi {
  return new FrontendApi(new Configuration({ basePath: kratosPublicUrl(), headers: { Accept: 'application/json', ...forwarded } }));
}

function adminConfiguration(): Configuration {
  const token = kratosAdminToken();
  return new Configuration({ basePath: kratosAdminUrl(), headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** The admin API (identities, sessions, recovery codes): server-side only, never exposed to browsers. */
export const identityAdminApi = () => new IdentityApi(adminConfiguration());
export const courierAdminApi = () => new CourierApi(adminConfiguration());

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../e2e/support/identity';

interface UiNode {
  attributes: { name?: string; value?: unknown };
}
interface LoginFlow {
  id: string;
  ui: { nodes: UiNode[] };
}

/**
 * Signs in over HTTP, the way a single-page app talks to the identity service (spec §7: create a
 * browser login flow, submit method password with the flow's csrf_token), through the app's own
 * origin. `page.request` shares the browser context's cookies, so the page is signed in afterwards.
 * For tests whose subject is not sign-in itself; the sign-in screen has its own tests.
 */
export async function signInOverHttp(page: Page | APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const request = 'request' in page ? page.request : page;
  const created = await request.get('/self-service/login/browser', { headers: { Accept: 'application/json' } });
  expect(created.status(), await created.text()).toBe(200);
  const flow = (await created.json()) as LoginFlow;
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const done = await request.post(`/self-service/login?flow=${flow.id}`, {
    headers: { Accept: 'application/json' },
    data: { method: 'password', identifier: email, password, csrf_token: csrf },
  });
  expect(done.status(), `sign-in of ${email}: ${await done.text()}`).toBe(200);
}

/** Whether the browser context of `page` has a live session (through the app's whoami proxy). */
export async function hasSession(page: Page): Promise<boolean> {
  const res = await page.request.get('/sessions/whoami', { headers: { Accept: 'application/json' } });
  return res.status() === 200;
}

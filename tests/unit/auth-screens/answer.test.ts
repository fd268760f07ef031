import { continueTarget, nextStep, pageOf, type AnswerContext } from '@/components/auth/answer';
import { restartUrl } from '@/lib/shared/identity/flow';
import { loginFlow, recoveryCodeFlow } from './fixtures';

const t = (key: string) => ({ 'auth.fallback.recovery': 'Recovery failed.' })[key];
const ctx = (over: Partial<AnswerContext> = {}): AnswerContext => ({ kind: 'login', flowId: 'login-1', page: '/auth/signin', fallbackKey: 'auth.fallback.passwordLogin', t, currentUrl: 'http://localhost/auth/signin?flow=login-1', ...over });

describe('what a form does with an answer', () => {
  it('re-renders the same flow in place', () => {
    expect(nextStep({ status: 400, body: loginFlow() }, ctx())).toEqual({ type: 'flow', flow: loginFlow() });
  });

  it('moves to another flow id or another page for the flow', () => {
    expect(nextStep({ status: 200, body: loginFlow('login-2') }, ctx())).toEqual({ type: 'navigate', to: '/auth/signin?flow=login-2' });
    const sent = recoveryCodeFlow('rec-1');
    expect(nextStep({ status: 200, body: sent }, ctx({ kind: 'recovery', flowId: 'rec-1', page: '/auth/recovery' }))).toEqual({ type: 'navigate', to: '/auth/verify-recovery?flow=rec-1' });
  });

  it('follows use_flow_id of an expired or replaced flow', () => {
    expect(nextStep({ status: 410, body: { error: { id: 'self_service_flow_replaced' }, use_flow_id: 'v2' } }, ctx({ kind: 'verification', page: '/auth/verify' }))).toEqual({ type: 'navigate', to: '/auth/verify?flow=v2' });
  });

  it('restarts after a CSRF failure, keeping return_to', () => {
    expect(nextStep({ status: 403, body: { error: { id: 'security_csrf_violation' } } }, ctx({ returnTo: 'http://localhost/mission/12' }))).toEqual({
      type: 'navigate',
      to: restartUrl('login', { returnTo: 'http://localhost/mission/12' }),
    });
    expect(restartUrl('login', { returnTo: 'http://localhost/mission/12', refresh: true })).toBe('/self-service/login/browser?refresh=true&return_to=http%3A%2F%2Flocalhost%2Fmission%2F12');
  });

  it('reports success with the redirect of a 422', () => {
    expect(nextStep({ status: 422, body: { redirect_browser_to: '/profile?flow=s' } }, ctx())).toEqual({ type: 'done', redirectTo: '/profile?flow=s' });
  });

  it('reports errors with their text, and the fallback without an answer', () => {
    expect(nextStep(null, ctx({ fallbackKey: 'auth.fallback.recovery' }))).toEqual({ type: 'error', code: 'no_response', text: 'Recovery failed.' });
  });

  it('pageOf puts a recovery whose code is out on the code page', () => {
    expect(pageOf('recovery', { id: 'r', state: 'choose_method' })).toBe('/auth/recovery?flow=r');
    expect(pageOf('recovery', { id: 'r', state: 'sent_email' })).toBe('/auth/verify-recovery?flow=r');
    expect(pageOf('verification', { id: 'v', state: 'sent_email' })).toBe('/auth/verify?flow=v');
  });

  it('continueTarget prefers the verification screen over the redirect', () => {
    expect(continueTarget({ continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: '/' }, { action: 'show_verification_ui', flow: { id: 'v1' } }] })).toBe('/auth/verify?flow=v1');
    expect(continueTarget({ continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: '/x' }] })).toBe('/x');
    expect(continueTarget({ session: {} })).toBeUndefined();
  });
});

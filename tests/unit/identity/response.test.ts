import { codeOf, firstErrorMessage, handleIdentityResponse, NAMED_CODES, translateUiText, type Translate, type UiText } from '@/lib/shared/identity/response';

/** A catalogue the way next-intl answers: the text for a known key (with ICU-like {name} values), undefined otherwise. */
const catalogue: Record<string, string> = {
  'auth.fallback.passwordLogin': 'Sign-in failed! Please try again.',
  'auth.unknown_error': 'An unknown error occurred.',
  'auth.errors.security_csrf_violation': 'Rejected for your security.',
  'auth.errors.session_refresh_required': 'Please sign in again.',
  'auth.kratosCodes.4000006': 'Invalid username or password.',
  'auth.kratosCodes.4000002': 'Field {property} is missing.',
  'auth.kratosCodes.4000026': 'Expected {allowed_types}, got {actual_type}.',
};
const t: Translate = (key, values) => catalogue[key]?.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? `{${name}}`));

const flowWith = (messages: UiText[], nodeMessages: UiText[] = []) => ({
  id: 'f',
  ui: { action: '/self-service/login?flow=f', method: 'POST', messages, nodes: [{ messages: [] }, { messages: nodeMessages }] },
});

describe('spec §8 common identity-response handling', () => {
  it('no response is a failure with the fallback message of the action', () => {
    expect(handleIdentityResponse(null, 'auth.fallback.passwordLogin', t)).toEqual({ ok: false, code: 'no_response', text: 'Sign-in failed! Please try again.' });
  });

  it('no response without a fallback text falls back to auth.unknown_error', () => {
    expect(handleIdentityResponse(null, 'auth.fallback.missing', t)).toMatchObject({ ok: false, text: 'An unknown error occurred.' });
  });

  it('422 with redirect_browser_to navigates and counts as success', () => {
    const answer = { status: 422, body: { error: { id: 'browser_location_change_required', code: 422 }, redirect_browser_to: 'http://app/profile?flow=1' } };
    expect(handleIdentityResponse(answer, 'auth.fallback.passwordLogin', t)).toEqual({ ok: true, redirectTo: 'http://app/profile?flow=1' });
  });

  it('an error object is a failure with its id as code and the translated text', () => {
    const answer = { status: 403, body: { error: { id: 'security_csrf_violation', code: 403, reason: 'Please retry the flow.', message: 'the request was rejected' } } };
    expect(handleIdentityResponse(answer, 'auth.fallback.passwordLogin', t)).toEqual({ ok: false, code: 'security_csrf_violation', text: 'Rejected for your security.' });
  });

  it('an error without a translation shows its reason, else its message, else auth.unknown_error', () => {
    const reason = { status: 400, body: { error: { id: 'something_new', code: 400, reason: 'The reason.', message: 'The message.' } } };
    expect(handleIdentityResponse(reason, 'x', t)).toEqual({ ok: false, code: 'something_new', text: 'The reason.' });
    const message = { status: 404, body: { error: { code: 404, message: 'The requested resource could not be found' } } };
    expect(handleIdentityResponse(message, 'x', t)).toEqual({ ok: false, code: '404', text: 'The requested resource could not be found' });
    expect(handleIdentityResponse({ status: 500, body: { error: { code: 500 } } }, 'x', t)).toEqual({ ok: false, code: '500', text: 'An unknown error occurred.' });
  });

  it('session_refresh_required also redirects to logout with return_to set to where the user is', () => {
    const answer = { status: 403, body: { error: { id: 'session_refresh_required', code: 403 }, redirect_browser_to: 'http://app/self-service/login/browser?refresh=true' } };
    expect(handleIdentityResponse(answer, 'auth.fallback.passwordUpdate', t, 'http://app/profile?tab=password')).toEqual({
      ok: false,
      code: 'session_refresh_required',
      text: 'Please sign in again.',
      redirectTo: `/logout?return_to=${encodeURIComponent('http://app/profile?tab=password')}`,
    });
  });

  it('the first error-type UI message is translated by id; info messages before it are skipped', () => {
    const answer = { status: 400, body: flowWith([{ id: 1010003, type: 'info', text: 'Please confirm' }, { id: 4000006, type: 'error', text: 'The provided credentials are invalid' }]) };
    expect(handleIdentityResponse(answer, 'auth.fallback.passwordLogin', t)).toEqual({ ok: false, code: 'invalid_username_or_password', text: 'Invalid username or password.' });
  });

  it('node messages count too, translated with their context', () => {
    const answer = { status: 400, body: flowWith([], [{ id: 4000002, type: 'error', text: 'Property password is missing.', context: { property: 'password' } }]) };
    expect(handleIdentityResponse(answer, 'auth.fallback.passwordLogin', t)).toEqual({ ok: false, code: 'missing_property', text: 'Field password is missing.' });
  });

  it('a message id without a translation keeps the service text and its number as code', () => {
    const answer = { status: 200, body: flowWith([{ id: 4060006, type: 'error', text: 'The recovery code is invalid.' }]) };
    expect(handleIdentityResponse(answer, 'auth.fallback.recovery', t)).toEqual({ ok: false, code: '4060006', text: 'The recovery code is invalid.' });
  });

  it('a success answer without error messages is ok and carries the body', () => {
    const body = { session: { id: 's' }, continue_with: [] };
    expect(handleIdentityResponse({ status: 200, body }, 'auth.fallback.passwordLogin', t)).toEqual({ ok: true, body });
    const flow = flowWith([{ id: 1080003, type: 'info', text: 'An email was sent.' }]);
    expect(handleIdentityResponse({ status: 200, body: flow }, 'auth.fallback.verification', t)).toEqual({ ok: true, body: flow });
  });

  it('a failure status without anything to show is auth.unknown_error', () => {
    expect(handleIdentityResponse({ status: 502, body: 'Bad gateway' }, 'auth.fallback.passwordLogin', t)).toEqual({ ok: false, code: '502', text: 'An unknown error occurred.' });
  });

  it('codes 4000006, 4000002 and 0 have names; every other id is its own code', () => {
    expect(NAMED_CODES).toEqual({ 4000006: 'invalid_username_or_password', 4000002: 'missing_property', 0: 'unknown' });
    expect(codeOf(4000006)).toBe('invalid_username_or_password');
    expect(codeOf(4000002)).toBe('missing_property');
    expect(codeOf(0)).toBe('unknown');
    expect(codeOf(4000034)).toBe('4000034');
    const zero = { status: 400, body: flowWith([{ id: 0, type: 'error', text: 'Something odd' }]) };
    expect(handleIdentityResponse(zero, 'x', t)).toEqual({ ok: false, code: 'unknown', text: 'Something odd' });
  });

  it('translateUiText passes the context as values (lists joined) and falls back to the service text', () => {
    expect(translateUiText({ id: 4000026, type: 'error', text: 'x', context: { allowed_types: ['string', 'number'], actual_type: 'boolean' } }, t)).toBe('Expected string, number, got boolean.');
    expect(translateUiText({ id: 1234567, type: 'info', text: 'Service text' }, t)).toBe('Service text');
  });

  it('firstErrorMessage prefers the flow messages over node messages', () => {
    const body = flowWith([{ id: 4000006, type: 'error', text: 'flow' }], [{ id: 4000002, type: 'error', text: 'node' }]);
    expect(firstErrorMessage(body)?.text).toBe('flow');
    expect(firstErrorMessage(flowWith([{ id: 1, type: 'info', text: 'i' }]))).toBeUndefined();
  });
});

import type { AuthFlow, UiNode } from '@/lib/shared/identity/flow';

/** Flows shaped like the identity service's (identity/flows/*.ts), trimmed to what the screens read. */
const input = (group: string, name: string, type: string, extra: Record<string, unknown> = {}, label?: UiNode['meta']): UiNode => ({
  type: 'input',
  group,
  attributes: { name, type, disabled: false, node_type: 'input', ...extra },
  messages: [],
  meta: label ?? {},
});
const label = (id: number, text: string, context?: Record<string, unknown>) => ({ label: { id, text, type: 'info', ...(context ? { context } : {}) } });

export const csrf = input('default', 'csrf_token', 'hidden', { value: 'masked-token', required: true });

export function loginFlow(id = 'login-1', withOidc = true): AuthFlow {
  return {
    id,
    state: 'choose_method',
    ui: {
      action: `http://localhost/self-service/login?flow=${id}`,
      method: 'POST',
      nodes: [
        ...(withOidc ? [input('oidc', 'provider', 'submit', { value: 'microsoft' }, label(1010002, 'Sign in with Microsoft', { provider: 'Microsoft', provider_id: 'microsoft' }))] : []),
        csrf,
        input('default', 'identifier', 'text', { value: '', required: true }, label(1070002, 'E-Mail', { title: 'E-Mail', name: 'traits.email' })),
        input('password', 'password', 'password', { required: true, autocomplete: 'current-password' }, label(1070001, 'Password')),
        input('password', 'method', 'submit', { value: 'password' }, label(1010022, 'Sign in with password')),
      ],
    },
  };
}

export function registrationFlow(extraTraits: UiNode[] = []): AuthFlow {
  return {
    id: 'reg-1',
    state: 'choose_method',
    ui: {
      action: 'http://localhost/self-service/registration?flow=reg-1',
      method: 'POST',
      nodes: [
        csrf,
        input('default', 'traits.email', 'email', { required: true, autocomplete: 'email' }, label(1070002, 'E-Mail', { title: 'E-Mail', name: 'traits.email' })),
        input('default', 'traits.name.first', 'text', {}, label(1070002, 'First name', { title: 'First name', name: 'traits.name.first' })),
        input('default', 'traits.name.last', 'text', {}, label(1070002, 'Last name', { title: 'Last name', name: 'traits.name.last' })),
        ...extraTraits,
        input('password', 'password', 'password', { required: true, autocomplete: 'new-password' }, label(1070001, 'Password')),
        input('password', 'method', 'submit', { value: 'password' }, label(1040001, 'Sign up')),
      ],
    },
  };
}

export const companyTrait = input('default', 'traits.company', 'text', {}, label(1070002, 'Company', { title: 'Company', name: 'traits.company' }));

export function verificationSentFlow(id = 'ver-1'): AuthFlow {
  return {
    id,
    state: 'sent_email',
    ui: {
      action: `http://localhost/self-service/verification?flow=${id}`,
      method: 'POST',
      messages: [{ id: 1080003, type: 'info', text: 'An email containing a verification code has been sent.' }],
      nodes: [
        input('code', 'method', 'hidden', { value: 'code' }),
        input('code', 'code', 'text', { required: true, autocomplete: 'one-time-code' }, label(1070011, 'Verification code')),
        input('code', 'method', 'submit', { value: 'code' }, label(1070009, 'Continue')),
        csrf,
        input('code', 'email', 'submit', { value: 'new@example.com' }, label(1070008, 'Resend code')),
      ],
    },
  };
}

export function verificationPassedFlow(id = 'ver-1'): AuthFlow {
  return {
    id,
    state: 'passed_challenge',
    ui: {
      action: 'http://localhost/',
      method: 'GET',
      messages: [{ id: 1080002, type: 'success', text: 'You successfully verified your email address.' }],
      nodes: [{ type: 'a', group: 'code', attributes: { href: 'http://localhost/', id: 'continue', node_type: 'a', title: { id: 1070009, text: 'Continue', type: 'info' } }, messages: [] }],
    },
  };
}

export function recoveryCodeFlow(id = 'rec-1'): AuthFlow {
  return {
    id,
    state: 'sent_email',
    ui: {
      action: `http://localhost/self-service/recovery?flow=${id}`,
      method: 'POST',
      messages: [{ id: 1060003, type: 'info', text: 'An email containing a recovery code has been sent.' }],
      nodes: [
        csrf,
        input('code', 'code', 'text', { required: true, pattern: '[0-9]+', maxlength: 6 }, label(1070010, 'Recovery code')),
        input('code', 'method', 'hidden', { value: 'code' }),
        input('code', 'method', 'submit', { value: 'code' }, label(1070009, 'Continue')),
        input('code', 'email', 'submit', { value: 'user@example.com' }, label(1070008, 'Resend code')),
      ],
    },
  };
}

/** The same flow with an error message (as the identity service answers a failed submit). */
export function withMessage(flow: AuthFlow, id: number, text: string, context?: Record<string, unknown>): AuthFlow {
  return { ...flow, ui: { ...flow.ui, messages: [{ id, text, type: 'error', ...(context ? { context } : {}) }] } };
}

/** A fetch stand-in that records the request and answers once with a status and JSON body (or fails). */
export function answerOnce(status: number | 'network-error', body?: unknown) {
  return jest.fn().mockImplementation(async () => {
    if (status === 'network-error') throw new TypeError('Failed to fetch');
    return { status, json: async () => body };
  });
}

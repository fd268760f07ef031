import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInForm } from '@/components/auth/signin-form';
import { navigateTo } from '@/components/auth/navigate';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { answerOnce, loginFlow, withMessage } from './fixtures';

jest.mock('@/components/auth/navigate', () => ({ navigateTo: jest.fn() }));
const navigate = navigateTo as jest.MockedFunction<typeof navigateTo>;

beforeEach(() => navigate.mockReset());

describe('sign-in form rendered from the login flow', () => {
  it('has the accessible names the e2e helpers rely on, in English', () => {
    const { container } = renderWithIntl(<SignInForm flow={loginFlow()} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'identifier');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('value', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toHaveAttribute('name', 'provider');
    expect(screen.getByRole('separator', { name: 'or' })).toBeInTheDocument();
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('action', 'http://localhost/self-service/login?flow=login-1');
    expect(form).toHaveAttribute('method', 'POST');
    expect(form.querySelector('input[type=hidden][name=csrf_token]')).toHaveValue('masked-token');
  });

  it('has the German names', () => {
    renderWithIntl(<SignInForm flow={loginFlow()} />, { locale: 'de' });
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit Microsoft anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'oder' })).toBeInTheDocument();
  });

  it('puts the password form first, then "or", then single sign-on, and has no separator without a provider', () => {
    const { container, unmount } = renderWithIntl(<SignInForm flow={loginFlow()} />);
    const order = [...container.querySelectorAll('form button, form [role=separator]')].map((e) => e.getAttribute('aria-label') ?? e.textContent);
    expect(order).toEqual(['Sign in', 'or', 'Sign in with Microsoft']);
    unmount();
    renderWithIntl(<SignInForm flow={loginFlow('login-2', false)} />);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
  });

  it('shows a flow message translated by id', () => {
    renderWithIntl(<SignInForm flow={withMessage(loginFlow(), 4000006, 'The provided credentials are invalid')} />, { locale: 'de' });
    expect(screen.getByRole('alert')).toHaveTextContent('Ungültiger Benutzername oder ungültiges Passwort.');
  });
});

describe('sign-in with JavaScript', () => {
  async function submit(fetchMock: jest.Mock) {
    global.fetch = fetchMock;
    const user = userEvent.setup();
    renderWithIntl(<SignInForm flow={loginFlow()} />);
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('posts the form as JSON to the flow action, including the clicked button', async () => {
    const fetchMock = answerOnce(200, { session: {}, continue_with: [] });
    await submit(fetchMock);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost/self-service/login?flow=login-1');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });
    expect(JSON.parse(init.body as string)).toEqual({ csrf_token: 'masked-token', identifier: 'user@example.com', password: 'wrong', method: 'password' });
  });

  it('re-renders with the new flow and its translated error', async () => {
    await submit(answerOnce(400, withMessage(loginFlow(), 4000006, 'The provided credentials are invalid')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes where the identity service says after success', async () => {
    await submit(answerOnce(200, { session: {}, continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: 'http://localhost/mission/12' }] }));
    expect(navigate).toHaveBeenCalledWith('http://localhost/mission/12');
  });

  it('goes home when a successful sign-in names no redirect', async () => {
    await submit(answerOnce(200, { session: {}, continue_with: [] }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('never follows a foreign redirect after a password sign-in', async () => {
    await submit(answerOnce(200, { session: {}, continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: 'https://evil.example/' }] }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('restarts transparently with the replacement flow when the flow expired (use_flow_id)', async () => {
    await submit(answerOnce(410, { error: { id: 'self_service_flow_expired', code: 410 }, use_flow_id: 'login-new' }));
    expect(navigate).toHaveBeenCalledWith('/auth/signin?flow=login-new');
  });

  it('restarts the flow after a CSRF failure', async () => {
    await submit(answerOnce(403, { error: { id: 'security_csrf_violation', code: 403 } }));
    expect(navigate).toHaveBeenCalledWith('/self-service/login/browser');
  });

  it('shows the fallback message when no answer comes', async () => {
    await submit(answerOnce('network-error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed! Please try again.');
  });

  it('shows a rate limit as its translated error id', async () => {
    await submit(answerOnce(429, { error: { id: 'rate_limit_exceeded', code: 429, reason: 'slow down' } }));
    expect(within(await screen.findByRole('alert')).getByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });
});

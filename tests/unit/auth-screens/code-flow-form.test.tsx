import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeFlowForm } from '@/components/auth/code-flow-form';
import { navigateTo } from '@/components/auth/navigate';
import { REDIRECT_COUNTDOWN_SECONDS, RESEND_WAIT_SECONDS } from '@/components/auth/timing';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { answerOnce, recoveryCodeFlow, verificationPassedFlow, verificationSentFlow, withMessage } from './fixtures';

jest.mock('@/components/auth/navigate', () => ({ navigateTo: jest.fn() }));
const navigate = navigateTo as jest.MockedFunction<typeof navigateTo>;

beforeEach(() => {
  navigate.mockReset();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

// One second per act: each tick's timer is set by the effect of the previous render.
const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i++) act(() => jest.advanceTimersByTime(1000));
};
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('code step (verification and recovery)', () => {
  it('shows the code field, submit and a resend that waits, counting seconds', async () => {
    renderWithIntl(<CodeFlowForm kind="verification" page="/auth/verify" flow={verificationSentFlow()} />);
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('name', 'code');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('An email containing a verification code has been sent');
    const resend = screen.getByRole('button', { name: `Resend code (${RESEND_WAIT_SECONDS} s)` });
    expect(resend).toBeDisabled();
    tick(1);
    expect(resend).toHaveTextContent(`Resend code (${RESEND_WAIT_SECONDS - 1} s)`);
    tick(RESEND_WAIT_SECONDS - 1);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('a resend sends the address the button carries and starts the wait again', async () => {
    const fetchMock = answerOnce(200, verificationSentFlow());
    global.fetch = fetchMock;
    renderWithIntl(<CodeFlowForm kind="verification" page="/auth/verify" flow={verificationSentFlow()} />, { locale: 'de' });
    tick(RESEND_WAIT_SECONDS);
    const resend = screen.getByRole('button', { name: 'Code erneut senden' });
    // Browsers skip the required code field for this button; jsdom ignores formnovalidate, so fill it.
    expect(resend).toHaveAttribute('formnovalidate');
    await user().type(screen.getByLabelText('Bestätigungscode'), '1');
    await user().click(resend);
    const body = JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ email: 'new@example.com', method: 'code', csrf_token: 'masked-token' });
    expect(await screen.findByRole('button', { name: `Code erneut senden (${RESEND_WAIT_SECONDS} s)` })).toBeDisabled();
  });

  it('a wrong code shows the translated message and leaves the wait alone', async () => {
    global.fetch = answerOnce(200, withMessage(verificationSentFlow(), 4070006, 'The verification code is invalid'));
    renderWithIntl(<CodeFlowForm kind="verification" page="/auth/verify" flow={verificationSentFlow()} />);
    tick(RESEND_WAIT_SECONDS);
    await user().type(screen.getByLabelText('Verification code'), '000000');
    await user().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is invalid or has already been used. Please try again.');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('after a verification a visible countdown leads to the dashboard', () => {
    renderWithIntl(<CodeFlowForm kind="verification" page="/auth/verify" flow={verificationPassedFlow()} />);
    expect(screen.getByText('You successfully verified your email address.')).toBeInTheDocument();
    expect(screen.getByText(`You will be taken to the dashboard in ${REDIRECT_COUNTDOWN_SECONDS} seconds.`)).toBeInTheDocument();
    tick(REDIRECT_COUNTDOWN_SECONDS - 1);
    expect(screen.getByText('You will be taken to the dashboard in 1 second.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    tick(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('after a recovery (422 to the settings UI) a countdown leads to that profile URL', async () => {
    const profile = 'http://localhost/profile?flow=settings-1';
    global.fetch = answerOnce(422, { error: { id: 'browser_location_change_required', code: 422 }, redirect_browser_to: profile });
    renderWithIntl(<CodeFlowForm kind="recovery" page="/auth/verify-recovery" flow={recoveryCodeFlow()} />, { locale: 'de' });
    await user().type(screen.getByLabelText('Wiederherstellungscode'), '123456');
    await user().click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText(`Sie werden in ${REDIRECT_COUNTDOWN_SECONDS} Sekunden zu Ihrem Profil weitergeleitet.`)).toBeInTheDocument();
    tick(REDIRECT_COUNTDOWN_SECONDS);
    expect(navigate).toHaveBeenCalledWith(profile);
  });

  it('a recovery flow that expired meanwhile continues with the replacement flow on the e-mail step', async () => {
    global.fetch = answerOnce(200, { ...withMessage(recoveryCodeFlow('rec-2'), 4060005, 'expired'), state: 'choose_method' });
    renderWithIntl(<CodeFlowForm kind="recovery" page="/auth/verify-recovery" flow={recoveryCodeFlow()} />);
    await user().type(screen.getByLabelText('Recovery code'), '123456');
    await user().click(screen.getByRole('button', { name: 'Continue' }));
    expect(navigate).toHaveBeenCalledWith('/auth/recovery?flow=rec-2');
  });

  it('a failure without an answer says the recovery must be retried', async () => {
    global.fetch = answerOnce('network-error');
    renderWithIntl(<CodeFlowForm kind="recovery" page="/auth/verify-recovery" flow={recoveryCodeFlow()} />);
    await user().type(screen.getByLabelText('Recovery code'), '123456');
    await user().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The account recovery failed. Please try again.');
  });
});

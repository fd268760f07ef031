import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignUpForm } from '@/components/auth/signup-form';
import { navigateTo } from '@/components/auth/navigate';
import { PASSWORD_HTML_PATTERN, passwordIssues } from '@/lib/shared/validation/password';
import { renderWithIntl } from '@/tests/support/render-with-intl';
import { answerOnce, companyTrait, registrationFlow, withMessage } from './fixtures';

jest.mock('@/components/auth/navigate', () => ({ navigateTo: jest.fn() }));
const navigate = navigateTo as jest.MockedFunction<typeof navigateTo>;
beforeEach(() => navigate.mockReset());

const rule = (name: string) => document.querySelector(`[data-rule="${name}"]`)!;
const met = () => [...document.querySelectorAll('[data-rule]')].filter((li) => li.getAttribute('data-met') === 'true').map((li) => li.getAttribute('data-rule'));

describe('sign-up form', () => {
  it('shows every node of the registration flow with our labels, plus the repeat field', () => {
    renderWithIntl(<SignUpForm flow={registrationFlow()} />, { locale: 'de' });
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('name', 'traits.email');
    expect(screen.getByLabelText('Vorname')).toHaveAttribute('name', 'traits.name.first');
    expect(screen.getByLabelText('Nachname')).toHaveAttribute('name', 'traits.name.last');
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('name', 'password');
    // The repeat is ours: no name, so it is never sent to the identity service.
    expect(screen.getByLabelText('Passwort wiederholen')).not.toHaveAttribute('name');
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeInTheDocument();
  });

  it('shows a trait the identity schema adds, labelled with its schema title', () => {
    renderWithIntl(<SignUpForm flow={registrationFlow([companyTrait])} />);
    expect(screen.getByLabelText('Company')).toHaveAttribute('name', 'traits.company');
  });

  it('enforces the spec §5 rules without JavaScript through the password pattern', () => {
    renderWithIntl(<SignUpForm flow={registrationFlow()} />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('pattern', PASSWORD_HTML_PATTERN);
  });

  it('shows the rules live and blocks the submit until all are met and the repeat matches', async () => {
    const user = userEvent.setup();
    renderWithIntl(<SignUpForm flow={registrationFlow()} />);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(within(screen.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem')).toHaveLength(6);
    expect(rule('minLength')).toHaveTextContent('At least 8 characters');
    expect(met()).toEqual([]);
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    expect(met()).toEqual(['minLength', 'lowercase']);
    await user.type(screen.getByLabelText('Password'), 'A1');
    expect(met()).toEqual(['minLength', 'uppercase', 'lowercase', 'digit']);
    await user.type(screen.getByLabelText('Password'), '?');
    expect(met()).toEqual(['minLength', 'uppercase', 'lowercase', 'digit', 'special']);
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Repeat password'), 'abcdefghA1?');
    expect(met()).toContain('repeat');
    expect(rule('repeat')).toHaveTextContent('(met)');
    expect(submit).toBeEnabled();
    await user.type(screen.getByLabelText('Repeat password'), 'x');
    expect(submit).toBeDisabled();
  });

  it('sends nested traits and continues to the verification screen the identity service names', async () => {
    const fetchMock = answerOnce(200, {
      session: {},
      continue_with: [
        { action: 'show_verification_ui', flow: { id: 'ver-9', verifiable_address: 'new@example.com', url: 'http://localhost/auth/verify?flow=ver-9' } },
        { action: 'redirect_browser_to', redirect_browser_to: 'http://localhost/' },
      ],
    });
    global.fetch = fetchMock;
    const user = userEvent.setup();
    renderWithIntl(<SignUpForm flow={registrationFlow()} />);
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('First name'), 'Erika');
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.type(screen.getByLabelText('Password'), 'Argus-Test-1!');
    await user.type(screen.getByLabelText('Repeat password'), 'Argus-Test-1!');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      csrf_token: 'masked-token',
      traits: { email: 'new@example.com', name: { first: 'Erika', last: 'Muster' } },
      password: 'Argus-Test-1!',
      method: 'password',
    });
    expect(navigate).toHaveBeenCalledWith('http://localhost/auth/verify?flow=ver-9');
  });

  it('shows a refused (breached) password at the form, translated', async () => {
    const refused = registrationFlow();
    const password = refused.ui.nodes.find((n) => n.attributes.name === 'password')!;
    password.messages = [{ id: 4000034, type: 'error', text: 'The password has been found in data breaches and must no longer be used.', context: { breaches: 1 } }];
    global.fetch = answerOnce(400, withMessage(refused, 4000034, 'breached'));
    const user = userEvent.setup();
    renderWithIntl(<SignUpForm flow={registrationFlow()} />, { locale: 'de' });
    await user.type(screen.getByLabelText('E-Mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'P@ssw0rd');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'P@ssw0rd');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findAllByText('Das Passwort wurde in Datenlecks gefunden und darf nicht mehr verwendet werden.')).not.toHaveLength(0);
    // The form starts afresh: the checklist follows the emptied password field.
    expect(met()).toEqual([]);
  });
});

describe('the password HTML pattern', () => {
  // Browsers match `pattern` against the whole value with the v flag.
  const matches = (value: string) => new RegExp(`^(?:${PASSWORD_HTML_PATTERN})$`, 'v').test(value);

  it.each(['Argus-Demo-2026!', 'Abcdef1!', 'P@ssw0rd', 'ÄbcdefG1&', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12', 'Ab1!', 'Abcdef1#', 'Abcdef 1$'])('agrees with the spec §5 rules for %s', (value) => {
    expect(matches(value)).toBe(passwordIssues(value).length === 0);
  });
});

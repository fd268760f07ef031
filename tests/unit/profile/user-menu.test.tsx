import { screen } from '@testing-library/react';
import { shellUser } from '@/components/shell/shell-user';
import { UserMenu } from '@/components/shell/user-menu';
import { renderWithIntl } from '@/tests/support/render-with-intl';

let mockPathname: string | null = null;
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), usePathname: () => mockPathname }));
afterEach(() => {
  mockPathname = null;
});

describe('the user part of the menu', () => {
  it('shows who is signed in with support, their profile and logout, as document links', () => {
    renderWithIntl(<UserMenu user={{ name: 'Erika Muster', email: 'erika@example.com' }} />);
    expect(screen.getByText('Erika Muster')).toBeInTheDocument();
    expect(screen.getByText('erika@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
  });

  it('marks the entry of the page shown as the current page, and only that one', () => {
    mockPathname = '/profile';
    const { unmount } = renderWithIntl(<UserMenu user={{ name: '', email: 'erika@example.com' }} />);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Support' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Logout' })).not.toHaveAttribute('aria-current');
    unmount();
    mockPathname = '/support';
    renderWithIntl(<UserMenu user={{ name: '', email: 'erika@example.com' }} />);
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('speaks German', () => {
    renderWithIntl(<UserMenu user={{ name: '', email: 'norole@example.com' }} />, { locale: 'de' });
    expect(screen.getByRole('link', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('takes name and e-mail from the identity traits', () => {
    expect(shellUser({ identity: { traits: { email: 'a@example.com', name: { first: ' Ada ', last: 'Lovelace' } } } as never })).toEqual({ name: 'Ada Lovelace', email: 'a@example.com' });
    expect(shellUser({ identity: { traits: { email: 'b@example.com' } } as never })).toEqual({ name: '', email: 'b@example.com' });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuDrawerProvider, MenuPanel, MenuToggle } from '@/components/shell/menu-drawer';

jest.mock('next/navigation', () => ({ usePathname: () => '/mission-list' }));
jest.mock('@/components/ui/link', () => ({ Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a> }));

beforeAll(() => {
  window.matchMedia = jest.fn(() => ({ matches: false, addEventListener: jest.fn(), removeEventListener: jest.fn() })) as unknown as typeof window.matchMedia;
});

function Shell() {
  return (
    <MenuDrawerProvider>
      <header>
        <MenuToggle openLabel="Open menu" closeLabel="Close menu" />
      </header>
      <MenuPanel label="Menu">
        <a href="/mission-list">Missions</a>
      </MenuPanel>
      <main>Page</main>
      <div role="region" aria-label="Notifications" data-notices />
    </MenuDrawerProvider>
  );
}

describe('the menu drawer', () => {
  it('makes the page behind inert while open, but not the notifications, which must still be read out', async () => {
    render(<Shell />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Page')).toHaveAttribute('inert');
    expect(document.querySelector('[data-notices]')).not.toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'Missions' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Page')).not.toHaveAttribute('inert');
  });
});

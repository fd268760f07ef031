/** @jest-environment node */
import { isPublicRoute, layoutFor, ROUTES } from '@/lib/shared/routes';

describe('layoutFor', () => {
  const silent = () => {};

  it.each([
    ['/auth/signin', 'auth'],
    ['/auth/verify-recovery', 'auth'],
    ['/auth', 'auth'],
    ['/mission/42/viewer', 'viewer'],
    ['/mission/42', 'app'],
    ['/mission/42/print', 'print'],
    ['/mission/42/virtual_tour/abc-1', 'app'],
    ['/mission/42/virtual_tour_images', 'app'],
    ['/mission/42/virtual_tour_segmentation', 'app'],
    ['/tours/Qx7_k2-pA9mZ3rT5vW8yB1cD', 'viewer'],
    ['/blurring/editor/42/review', 'app'],
    ['/planner', 'app'],
    ['/not-found', 'app'],
  ])('%s uses the %s layout', (path, layout) => {
    expect(layoutFor(path, ROUTES, silent)).toBe(layout);
  });

  it('shows unmatched paths (not-found) in the application shell without logging', () => {
    const log = jest.fn();
    expect(layoutFor('/nowhere', ROUTES, log)).toBe('app');
    expect(layoutFor('/mission/abc/viewer', ROUTES, log)).toBe('app');
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a route defined without a layout and falls back to the shell', () => {
    const log = jest.fn();
    expect(layoutFor('/orphan', [{ pattern: /^\/orphan$/ }], log)).toBe('app');
    expect(log).toHaveBeenCalledWith('this path does not have a layout defined: /orphan');
  });

  it('opens only published tours without a session', () => {
    expect(isPublicRoute('/tours/Qx7_k2-pA9mZ3rT5vW8yB1cD')).toBe(true);
    expect(isPublicRoute('/tours/short')).toBe(false);
    expect(isPublicRoute('/tours/Qx7_k2-pA9mZ3rT5vW8yB1cD/x')).toBe(false);
    expect(isPublicRoute('/mission/42/virtual_tour/7')).toBe(false);
  });

  it('opens every confirmation link without a session, also one a mail client cut short', () => {
    expect(isPublicRoute(`/confirm/${'a'.repeat(43)}`)).toBe(true);
    // Cut or tampered: the confirmation view says the link is not valid, instead of a sign-in page.
    expect(isPublicRoute('/confirm/abc-def')).toBe(true);
    expect(isPublicRoute(`/confirm/${'a'.repeat(50)}`)).toBe(true);
    expect(isPublicRoute('/confirm/abc/def')).toBe(false);
    expect(isPublicRoute('/confirm')).toBe(false);
  });

  it('gives every spec route a layout', () => {
    expect(ROUTES.every((route) => route.layout)).toBe(true);
  });
});

import { isRecoveringSession } from '@/lib/shared/auth/recovering-session';

const now = new Date('2026-11-25T12:00:00Z');
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

describe('a recovering session needs no current password (issue 20)', () => {
  it('is recovering while a recovery was the last authentication and the privileged window lasts', () => {
    const session = { authenticated_at: at(5), authentication_methods: [{ method: 'password' }, { method: 'code_recovery' }] };
    expect(isRecoveringSession(session, 900, now)).toBe(true);
    expect(isRecoveringSession({ ...session, authentication_methods: [{ method: 'link_recovery' }] }, 900, now)).toBe(true);
  });

  it('is not once the privileged window has passed', () => {
    expect(isRecoveringSession({ authenticated_at: at(16), authentication_methods: [{ method: 'code_recovery' }] }, 900, now)).toBe(false);
  });

  it('is not after a later password sign-in, nor for a plain password session', () => {
    expect(isRecoveringSession({ authenticated_at: at(1), authentication_methods: [{ method: 'code_recovery' }, { method: 'password' }] }, 900, now)).toBe(false);
    expect(isRecoveringSession({ authenticated_at: at(1), authentication_methods: [{ method: 'password' }] }, 900, now)).toBe(false);
    expect(isRecoveringSession({}, 900, now)).toBe(false);
  });
});

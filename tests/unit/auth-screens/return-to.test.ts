import { RETURN_TO_KEY, storeReturnTo, takeReturnTo } from '@/lib/client/return-to';

const at = (href: string) => ({ origin: new URL(href).origin, href });

describe('return-to storage (spec §2 "On startup", §9)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps an address on our own origin under one key', () => {
    storeReturnTo('http://localhost/mission/12', 'http://localhost');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBe('http://localhost/mission/12');
  });

  it('never keeps a foreign address (no open redirect)', () => {
    storeReturnTo('https://evil.example/mission/12', 'http://localhost');
    storeReturnTo('javascript:alert(1)', 'http://localhost');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('reads and removes the address on start-up', () => {
    localStorage.setItem(RETURN_TO_KEY, 'http://localhost/mission/12');
    expect(takeReturnTo(at('http://localhost/planner'))).toBe('http://localhost/mission/12');
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(takeReturnTo(at('http://localhost/planner'))).toBeNull();
  });

  it('ignores an address already open, and a foreign one that got into storage', () => {
    localStorage.setItem(RETURN_TO_KEY, 'http://localhost/mission/12');
    expect(takeReturnTo(at('http://localhost/mission/12'))).toBeNull();
    localStorage.setItem(RETURN_TO_KEY, 'https://evil.example/');
    expect(takeReturnTo(at('http://localhost/planner'))).toBeNull();
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('does not follow the bare root: the guard already sent the user home', () => {
    localStorage.setItem(RETURN_TO_KEY, 'http://localhost/');
    expect(takeReturnTo(at('http://localhost/planner'))).toBeNull();
    expect(localStorage.getItem(RETURN_TO_KEY)).toBeNull();
    localStorage.setItem(RETURN_TO_KEY, 'http://localhost/?tab=2');
    expect(takeReturnTo(at('http://localhost/planner'))).toBe('http://localhost/?tab=2');
  });
});

import { renderHook } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { useTourFailure } from '@/components/tours/tour-text';
import { ApiError } from '@/lib/client/fetcher';
import en from '@/messages/en.json';

const wrapper = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="en" messages={en} timeZone="Europe/Berlin">
    {children}
  </NextIntlClientProvider>
);

describe('useTourFailure', () => {
  const failure = () => renderHook(() => useTourFailure(), { wrapper }).result.current;

  it("says the tour verbs' own reason (publish waits for blurring), not the action's failure text", () => {
    const refused = new ApiError(409, 'conflict', 'blurring unfinished', { key: 'tours.errors.blurringUnfinished' });
    expect(failure()(refused, 'tours.failures.publish')).toBe('The tour can be published once the blurring of its images is finished.');
  });

  it("falls back to the action's failure text for a key it does not know", () => {
    const odd = new ApiError(500, 'internal', 'boom', { key: 'tours.errors.noSuchKey' });
    expect(failure()(odd, 'tours.failures.publish')).toBe(en.tours.failures.publish);
  });
});

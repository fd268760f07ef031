import { screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MaintenanceBanner } from '@/components/platform/maintenance-banner';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';


// A fresh SWR cache per test, so one test's answer never leaks into the next.
const render = () => renderWithIntl(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><MaintenanceBanner /></SWRConfig>);

describe('MaintenanceBanner', () => {
  afterEach(() => jest.restoreAllMocks());

  it('fills ${startTime} and ${endTime} in the user’s locale', async () => {
    global.fetch = jsonFetch(200, {
      text: 'Maintenance from ${startTime} to ${endTime}.',
      startTime: '2031-03-04T13:00:00.000Z',
      endTime: '2031-03-04T15:30:00.000Z',
    });
    render();
    const notice = await screen.findByTestId('maintenance-notice');
    const expected = (iso: string) =>
      new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    expect(notice).toHaveTextContent(`Maintenance from ${expected('2031-03-04T13:00:00.000Z')} to ${expected('2031-03-04T15:30:00.000Z')}.`);
    expect(notice).toHaveAttribute('role', 'status');
    expect(global.fetch).toHaveBeenCalledWith('/api/v2/maintenance?locale=en', expect.anything());
  });

  it('shows nothing when no maintenance is scheduled', async () => {
    global.fetch = jsonFetch(200, { text: null, startTime: null, endTime: null });
    const { container } = render();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('only logs a failed fetch', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    global.fetch = jsonFetch(500, { error: { code: 'internal', message: 'Internal error' } });
    const { container } = render();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load the maintenance notice', expect.any(Error)));
    expect(container).toBeEmptyDOMElement();
  });
});

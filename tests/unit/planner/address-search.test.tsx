import { act, fireEvent, screen } from '@testing-library/react';
import { PlaceFinder } from '@/components/planner/place-finder';
import { jsonFetch } from '@/tests/support/fetch-mock';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  jest.useRealTimers();
});

describe('address search (issue #7)', () => {
  it('is offered only when a geocoder is configured; coordinates always', () => {
    const { unmount } = renderWithIntl(<PlaceFinder geocoder={false} onGo={jest.fn()} />);
    expect(screen.getByRole('form', { name: 'Go to coordinates' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument();
    // Issue 20 item 3: a clear message instead of a missing field.
    expect(screen.getByText(/^Address search is not set up on this server: enter coordinates instead/)).toBeInTheDocument();
    unmount();
    renderWithIntl(<PlaceFinder geocoder onGo={jest.fn()} />);
    expect(screen.getByRole('form', { name: 'Go to coordinates' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search address')).toBeInTheDocument();
    expect(screen.queryByText(/not set up/)).not.toBeInTheDocument();
  });

  it('says so in German too', () => {
    renderWithIntl(<PlaceFinder geocoder={false} onGo={jest.fn()} />, { locale: 'de' });
    expect(screen.getByText(/^Die Adresssuche ist auf diesem Server nicht eingerichtet: Geben Sie stattdessen Koordinaten ein/)).toBeInTheDocument();
  });

  it('searches debounced and flies to the chosen result', async () => {
    jest.useFakeTimers();
    const fetchMock = jsonFetch(200, [
      { label: 'Marienplatz, München', lat: 48.137, lon: 11.575 },
      { label: 'Marienplatz, Hamburg', lat: 53.55, lon: 10.0 },
    ]);
    global.fetch = fetchMock as unknown as typeof fetch;
    const onGo = jest.fn();
    renderWithIntl(<PlaceFinder geocoder onGo={onGo} />);
    fireEvent.change(screen.getByLabelText('Search address'), { target: { value: 'Marienpl' } });
    fireEvent.change(screen.getByLabelText('Search address'), { target: { value: 'Marienplatz' } });
    await act(async () => {
      jest.advanceTimersByTime(499);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v2/geocode?q=Marienplatz');
    fireEvent.click(await screen.findByRole('button', { name: 'Marienplatz, Hamburg' }));
    expect(onGo).toHaveBeenCalledWith(53.55, 10.0);
    // The list closes with the choice; focus goes back to the search box instead of being lost (issue 20 point 6).
    expect(screen.queryByRole('button', { name: 'Marienplatz, München' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search address')).toHaveFocus();
  });

  it('says when nothing was found and when the search failed', async () => {
    jest.useFakeTimers();
    global.fetch = jsonFetch(200, []) as unknown as typeof fetch;
    renderWithIntl(<PlaceFinder geocoder onGo={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Search address'), { target: { value: 'Nowhere at all' } });
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(await screen.findByText('No address found.')).toBeInTheDocument();
    global.fetch = jsonFetch(503, { error: { code: 'service_unavailable', message: 'down' } }) as unknown as typeof fetch;
    fireEvent.change(screen.getByLabelText('Search address'), { target: { value: 'Somewhere else' } });
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The address search is not available right now.');
  });
});

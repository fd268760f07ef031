import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { AreaMessages } from '@/components/platform/area-messages';

function Texts() {
  const t = useTranslations();
  return (
    <p>
      {t('app.name')} / {t('missions.title')}
    </p>
  );
}

const answer = (body: unknown, status = 200) => ({ ok: status === 200, status, json: async () => body }) as Response;

describe('AreaMessages in the browser', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const page = (src: string) => (
    <NextIntlClientProvider locale="en" messages={{ app: { name: 'Argus' } }}>
      <AreaMessages src={src}>
        <Texts />
      </AreaMessages>
    </NextIntlClientProvider>
  );

  it("adds the file's namespaces to the outer provider's, fetching the file once", async () => {
    fetchMock.mockResolvedValue(answer({ missions: { title: 'Missions' } }));
    const { rerender, unmount } = await act(async () => render(page('/i18n/en/missions.aaaaaaaaaaaa.json')));
    expect(await screen.findByText('Argus / Missions')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/i18n/en/missions.aaaaaaaaaaaa.json', { credentials: 'same-origin' });
    rerender(page('/i18n/en/missions.aaaaaaaaaaaa.json'));
    unmount();
    await act(async () => render(page('/i18n/en/missions.aaaaaaaaaaaa.json')));
    expect(screen.getByText('Argus / Missions')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the file could not be fetched', async () => {
    fetchMock.mockResolvedValueOnce(answer(null, 503)).mockRejectedValueOnce(new TypeError('network')).mockResolvedValue(answer({ missions: { title: 'Aufträge' } }));
    jest.useFakeTimers();
    try {
      await act(async () => render(page('/i18n/de/missions.bbbbbbbbbbbb.json')));
      await act(async () => jest.advanceTimersByTimeAsync(1000));
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('Argus / Aufträge')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

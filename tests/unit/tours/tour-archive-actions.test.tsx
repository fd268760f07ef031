import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportTourButton, ImportTourForm } from '@/components/tours/tour-archive-actions';
import type { TourDto } from '@/lib/shared/schemas/tour';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

type Answer = { status: number; body: unknown };
function api(answer: Answer) {
  const fetch = jest.fn(async () => ({ ok: answer.status < 300, status: answer.status, statusText: '', json: async () => answer.body }));
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}

const tour: TourDto = {
  id: 4, missionId: 12, name: 'Rundgang', status: 'not_published', published: false, publicPath: null, errorReason: null,
  generation: null, generatedAt: '2026-11-26T05:00:00.000Z', images: [{ name: 'Halle', imageLink: '/x.jpg' }], version: 1,
};
const refusal = (key: string, status = 422) => ({ status, body: { error: { code: status === 409 ? 'conflict' : 'unprocessable', message: 'no', details: { key } } } });

beforeEach(() => notify.mockReset());
afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('export', () => {
  it('asks whether the export would start, then downloads the zip', async () => {
    const fetch = api({ status: 204, body: undefined });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.getAttribute('href')).toBe('/api/v2/tours/4/export');
      expect(this.download).toBe('Rundgang.zip');
    });
    renderWithIntl(<ExportTourButton tour={tour} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith('/api/v2/tours/4/export?check=true', expect.anything());
    expect(notify).not.toHaveBeenCalled();
    clicked.mockRestore();
  });

  it("says why when it is refused, else the spec's failure text", async () => {
    api(refusal('tours.export.notGenerated', 409));
    renderWithIntl(<ExportTourButton tour={tour} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'The tour has not been generated yet, so there is nothing to export.' }));
    api({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith({ type: 'error', text: 'Failed to export the tour.' }));
  });
});

describe('upload', () => {
  const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'rundgang.zip', { type: 'application/zip' });

  it('sends the zip as the body and announces the new tour', async () => {
    const fetch = api({ status: 201, body: { ...tour, id: 9, name: 'Rundgang' } });
    const imported = jest.fn();
    const { container } = renderWithIntl(<ImportTourForm missionId={12} onImported={imported} />);
    await userEvent.upload(container.querySelector('input[type="file"]')!, zip());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(imported).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledWith('/api/v2/missions/12/tours/import', expect.objectContaining({ method: 'POST', body: expect.any(File) }));
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'The tour "Rundgang" was uploaded. It is not published.' });
  });

  it('names what is wrong with a refused archive', async () => {
    api(refusal('tours.import.unsafePath'));
    const imported = jest.fn();
    const { container } = renderWithIntl(<ImportTourForm missionId={12} onImported={imported} />);
    await userEvent.upload(container.querySelector('input[type="file"]')!, zip());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'The archive contains a path that points outside the tour.' }));
    expect(imported).not.toHaveBeenCalled();
  });
});

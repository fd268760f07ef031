import { act, fireEvent, screen } from '@testing-library/react';
import { ExportButton } from '@/components/missions/list/export-button';
import type { MissionExportDto } from '@/lib/shared/api/endpoints/mission-exports';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const notify = jest.fn();
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => notify }));

const state = (over: Partial<MissionExportDto>): MissionExportDto => ({
  id: '7f0c1b8e-2d3a-4c5b-8e9f-0a1b2c3d4e5f',
  format: 'csv',
  state: 'queued',
  progress: 0,
  rows: null,
  fileName: null,
  downloadUrl: null,
  error: null,
  createdAt: '2026-03-04T13:05:00.000Z',
  ...over,
});
const answer = (status: number, body: unknown) => ({ ok: status < 300, status, statusText: '', json: async () => body });

afterEach(() => {
  notify.mockReset();
  delete (global as { fetch?: unknown }).fetch;
  jest.useRealTimers();
});

describe('ExportButton', () => {
  it("shows 'Export in progress' until the job is done, then offers the file", async () => {
    jest.useFakeTimers();
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(answer(202, state({})))
      .mockResolvedValueOnce(answer(200, state({ state: 'running', progress: 40 })))
      .mockResolvedValueOnce(answer(200, state({ state: 'succeeded', rows: 12, fileName: 'missions-2026-03-04.csv', downloadUrl: '/api/v2/mission-exports/x/file' })));
    (global as { fetch?: unknown }).fetch = fetch;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithIntl(<ExportButton filters={{ status: ['created'], sort: 'name', order: 'asc' }} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export All' })));
    expect(screen.getByRole('button', { name: 'Export in progress' })).toBeDisabled();
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ format: 'csv', filters: { status: ['created'], sort: 'name', order: 'asc' } });

    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Export in progress' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Export All' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Download missions-2026-03-04.csv' })).toHaveAttribute('href', '/api/v2/mission-exports/x/file');
    expect(click).toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ type: 'success', text: 'Export ready: 12 missions. The download starts.' });
    click.mockRestore();
  });

  it('reports a failed export', async () => {
    (global as { fetch?: unknown }).fetch = jest.fn().mockResolvedValueOnce(answer(202, state({ state: 'failed', error: 'x' })));
    renderWithIntl(<ExportButton filters={{}} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export All' })));
    expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'Failed to export the missions.' });
    expect(screen.getByRole('button', { name: 'Export All' })).toBeEnabled();
  });

  it('says when the user may not export', async () => {
    (global as { fetch?: unknown }).fetch = jest.fn().mockResolvedValueOnce(answer(403, { error: { code: 'not_authorized', message: 'no' } }));
    renderWithIntl(<ExportButton filters={{}} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export All' })));
    expect(notify).toHaveBeenCalledWith({ type: 'error', text: 'You are not allowed to export data.' });
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { BlurringEditor } from '@/components/blurring/editor/blurring-editor';
import { blurring } from '@/lib/client/api/blurring';
import type { BlurringImage, MissionImages } from '@/lib/shared/schemas/blurring';
import { renderWithIntl } from '@/tests/support/render-with-intl';

jest.mock('@/components/ui/link', () => ({ Link: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a> }));
jest.mock('@/lib/client/api/blurring', () => ({
  blurring: { listMissionImages: jest.fn(), getImageRegions: jest.fn(), saveImageRegions: jest.fn(), approveImage: jest.fn(), retryDetection: jest.fn(), finishBlurring: jest.fn() },
}));
const api = jest.mocked(blurring);

const image = (id: number): BlurringImage =>
  ({
    id, missionId: 1, missionFileId: id, kind: 'photo', filename: `${id}.jpg`, width: 1000, height: 500, detection: 'done', detectionError: null,
    detector: null, detectorVersion: null, detectedAt: null, regionCount: 0, regionsVersion: 1, editedBy: null, editedByName: null, editedAt: null,
    approvedBy: null, approvedByName: null, approvedAt: null, blurredUrl: null, originalUrl: `/original/${id}.jpg`, thumbnailUrl: null,
  }) as BlurringImage;
const data: MissionImages = {
  blurring: { missionId: 1, blurredBy: null, blurredByName: null, finishedBy: null, finishedByName: null, finishedAt: null, finished: false },
  instructions: null,
  items: [image(1), image(2)],
};

/** The stage measures 800 × 600 px: the 1000 × 500 image fits at 80 %, so a key's screen pixel is 1.25 image pixels. */
function stageSize() {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
}

const region = () => document.querySelector('rect[data-region]')!;
const geometry = () => ['x', 'y', 'width', 'height'].map((a) => Number(region().getAttribute(a)));

// Every control operable by keyboard: a region the detector missed is added, moved, sized, saved and removed by keys alone.
describe('blurring editor by keyboard', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    stageSize();
    api.getImageRegions.mockImplementation(async (args) => ({ imageId: Number(args!.params.id), version: 1, regions: [] }));
    api.listMissionImages.mockResolvedValue(data);
    api.saveImageRegions.mockImplementation(async (args) => ({
      imageId: 1, version: 2,
      regions: args!.body.regions.map((r) => ({ ...r, kind: r.kind ?? 'face', source: 'manual' as const, confidence: null, adjusted: false, createdBy: null, createdAt: '2026-01-01T00:00:00Z' })),
    }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('adds a region in the middle of the view, moves and sizes it with the arrows, undoes, saves, switches images and deletes', async () => {
    const user = userEvent.setup();
    renderWithIntl(<BlurringEditor missionId={1} mode="blur" initial={data} me="u1" />);
    await waitFor(() => expect(api.getImageRegions).toHaveBeenCalled());
    const stage = screen.getByTestId('blurring-stage');
    expect(stage).toHaveAttribute('tabindex', '0');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rectangle' })).toBeEnabled());

    await user.keyboard('r');
    await user.keyboard('n');
    expect(screen.getByRole('button', { name: /Face · Rectangle · Drawn by hand/ })).toBeInTheDocument();
    // A fifth of the visible image's smaller side, in its middle.
    expect(geometry()).toEqual([450, 200, 100, 100]);
    expect(screen.getByTestId('blurring-message')).toHaveTextContent('Face region added in the middle of the view.');

    // Shift: ten screen pixels (12.5 image pixels at 80 %); plain: one.
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowDown}');
    expect(geometry()).toEqual([462.5, 201.25, 100, 100]);
    expect(screen.getByTestId('blurring-message')).toHaveTextContent('Face region at 463, 201, 100 × 100 pixels');
    // Alt + arrow sizes it; each key press is one undo step.
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(geometry()).toEqual([462.5, 201.25, 101.25, 100]);
    await user.keyboard('{Control>}z{/Control}');
    expect(geometry()).toEqual([462.5, 201.25, 100, 100]);
    // With a region selected → moves it instead of showing the next image.
    await user.keyboard('{ArrowRight}');
    expect(geometry()).toEqual([463.75, 201.25, 100, 100]);
    expect(screen.getAllByText('Image 1 of 2').length).toBeGreaterThan(0);

    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.getByTestId('blurring-message')).toHaveTextContent('Saved.'));
    expect(api.saveImageRegions.mock.calls[0]![0]!.body.regions).toEqual([expect.objectContaining({ shape: 'rectangle', kind: 'face', x: 463.8, y: 201.3, width: 100, height: 100 })]);

    // Saved, nothing is selected: → and ← (and Page Down / Page Up) switch images again.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getAllByText('Image 2 of 2').length).toBeGreaterThan(0));
    await user.keyboard('{PageUp}');
    await waitFor(() => expect(screen.getAllByText('Image 1 of 2').length).toBeGreaterThan(0));

    // Enter on the focused stage adds one too; a region picked from the list goes with Delete.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    stage.focus();
    await user.keyboard('{Enter}');
    expect(document.querySelectorAll('rect[data-region]')).toHaveLength(1);
    await user.keyboard('{Escape}');
    const list = screen.getByRole('heading', { name: '1 region' }).parentElement!;
    within(list).getByRole('button').focus();
    await user.keyboard('{Enter}{Delete}');
    expect(document.querySelectorAll('rect[data-region]')).toHaveLength(0);
  });

  it('names the keys that switch images on the buttons that do it, in both languages', async () => {
    renderWithIntl(<BlurringEditor missionId={1} mode="blur" initial={data} me="u1" />, { locale: 'de' });
    await waitFor(() => expect(api.getImageRegions).toHaveBeenCalled());
    const next = screen.getByRole('button', { name: 'Nächstes Bild' });
    expect(next).toHaveAttribute('title', 'Nächstes Bild (Bild ↓ oder →)');
    expect(next).toHaveAttribute('aria-keyshortcuts', 'PageDown');
    expect(screen.getByRole('button', { name: 'Vorheriges Bild' })).toHaveAttribute('title', 'Vorheriges Bild (Bild ↑ oder ←)');
  });

  it('keeps a region added right after saving: the list reload that follows does not read the saved regions over it', async () => {
    // As the server does: the list read after the save shows the image's new regions version.
    api.listMissionImages.mockImplementation(async () => ({ ...data, items: data.items.map((i) => (i.id === 1 ? { ...i, regionsVersion: 2 } : i)) }));
    const user = userEvent.setup();
    renderWithIntl(<BlurringEditor missionId={1} mode="blur" initial={data} me="u1" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rectangle' })).toBeEnabled());
    await user.keyboard('rn{Control>}s{/Control}');
    await waitFor(() => expect(screen.getByTestId('blurring-message')).toHaveTextContent('Saved.'));
    await user.keyboard('n');
    await waitFor(() => expect(api.listMissionImages).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.querySelectorAll('rect[data-region]')).toHaveLength(2);
    expect(api.getImageRegions).toHaveBeenCalledTimes(1);
  });
});

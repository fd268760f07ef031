import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TourMap } from '@/components/tours/viewer/tour-map';
import type { TourManifest, TourNode } from '@/lib/shared/schemas/tour';
import { renderWithIntl } from '@/tests/support/render-with-intl';

jest.mock('@/components/platform/notifications', () => ({ useNotify: () => jest.fn() }));

const node = (id: number, name: string, x: number): TourNode => ({ id, name, floor: 0, x, y: 0, heading: 0, levels: [], links: [] });
const manifest: TourManifest = { tileSize: 512, floors: [0], nodes: [node(1, 'Entrance', 0), node(2, 'Corridor', 5)] };

// Every control operable by keyboard: the map's spots are SVG "buttons", so they answer the keys a <button> does.
describe('TourMap spots', () => {
  it('go to their panorama on Enter and on Space, Space without scrolling the page', async () => {
    const user = userEvent.setup();
    const onGo = jest.fn();
    renderWithIntl(<TourMap manifest={manifest} current={manifest.nodes[0]!} yaw={0} onGo={onGo} />);
    const corridor = screen.getByRole('button', { name: 'Corridor' });
    corridor.focus();
    await user.keyboard(' ');
    expect(onGo).toHaveBeenLastCalledWith(2);
    await user.keyboard('{Enter}');
    expect(onGo).toHaveBeenCalledTimes(2);
    // Space's default (scrolling) is prevented; other keys are left alone.
    expect(fireEvent.keyDown(corridor, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(corridor, { key: 'a' })).toBe(true);
    expect(onGo).toHaveBeenCalledTimes(3);
  });
});

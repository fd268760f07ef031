import { screen } from '@testing-library/react';
import { SegmentationView } from '@/components/tours/segmentation/segmentation-view';
import type { TourImagesDto } from '@/lib/shared/schemas/tour';
import de from '@/messages/de.json';
import { renderWithIntl } from '@/tests/support/render-with-intl';

// The floor's point-cloud slice is fetched and drawn on a canvas: not what this test is about.
jest.mock('@/components/tours/segmentation/use-plan-slice', () => ({ usePlanSlice: () => null }));
jest.mock('@/components/platform/notifications', () => ({ useNotify: () => jest.fn() }));

const images: TourImagesDto = {
  items: [
    { imageId: 5, name: 'Flur', order: 0, floor: 0, x: 26.25, y: 3.5, heading: 270, inTours: true, width: 2048, height: 1024, thumbnailUrl: null, previewUrl: null, version: 1, fromMetadata: null },
  ],
  segmented: true,
  mayEdit: true,
  mayUpload: false,
};

describe('tour image positions', () => {
  it('are written with a decimal comma in German', () => {
    renderWithIntl(<SegmentationView missionId={3} initial={images} />, { locale: 'de' });
    expect(screen.getByRole('list', { name: de.tours.segmentation.imagesLabel })).toHaveTextContent('x 26,3 m, y 3,5 m, 270°');
  });
});

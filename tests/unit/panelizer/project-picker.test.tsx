import { screen } from '@testing-library/react';
import { ProjectPicker } from '@/components/panelizer/page/project-picker';
import { renderWithIntl } from '../../support/render-with-intl';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }) }));

const project = {
  id: '0b7c6f1e-8d3a-4d8e-9a51-2f0c1d9e7a10',
  missionId: 65,
  datasetId: null,
  name: 'Fassade Bürohaus',
  version: 3,
  createdAt: '2026-11-27T20:00:00.000Z',
  updatedAt: '2026-11-27T20:26:00.000Z',
  publishedExportId: null,
  publishedAt: null,
};

describe('the panelizer project picker', () => {
  // Spec §9: long month, 24-hour clock, the browser's locale (next-intl's styles gave "Nov 27, 2026, 9:26 PM").
  it.each([
    ['en', 'changed November 27, 2026 at 21:26'],
    ['de', 'geändert 27. November 2026 um 21:26'],
  ] as const)('says when a project was last changed as spec §9 writes dates (%s)', (locale, text) => {
    renderWithIntl(<ProjectPicker missionId={65} initial={{ items: [project], published: [], mayEdit: true }} />, { locale });
    expect(screen.getByRole('link', { name: 'Fassade Bürohaus' })).toHaveAttribute('href', `/mission/65/panelizer?project=${project.id}`);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

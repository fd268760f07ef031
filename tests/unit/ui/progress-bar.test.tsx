import { screen } from '@testing-library/react';
import { ProgressBar, progressColors } from '@/components/ui/progress-bar';
import { toPercent } from '@/lib/shared/format/percent';
import { renderWithIntl } from '@/tests/support/render-with-intl';

describe('toPercent', () => {
  it.each([
    [50, 50],
    [-5, 0],
    [150, 100],
    ['42', 42],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [33.33333, 33.3],
    [5.5555, 5.56],
    [0.123456, 0.123],
    [99.99, 100],
  ])('%p → %p', (input, expected) => {
    expect(toPercent(input)).toBe(expected);
  });
});

describe('ProgressBar', () => {
  it('is an accessible progressbar with its value, defaulting to 0 and highlight', () => {
    renderWithIntl(<ProgressBar />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('data-color', 'highlight');
    expect(bar).toHaveClass('highlight');
    expect(bar).toHaveTextContent('0%');
  });

  it('clamps, zeroes non-numeric values and shows 3 significant digits', () => {
    const { rerender } = renderWithIntl(<ProgressBar value={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    rerender(<ProgressBar value="n/a" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    rerender(<ProgressBar value={100 / 3} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33.3');
    expect(screen.getByRole('progressbar')).toHaveTextContent('33.3%');
    rerender(<ProgressBar value={42} />);
    expect(screen.getByRole('progressbar')).toHaveTextContent('42%');
  });

  it('formats for the locale', () => {
    renderWithIntl(<ProgressBar value={12.345} />, { locale: 'de' });
    // Intl puts a no-break space before % in German.
    expect(screen.getByRole('progressbar', { name: 'Fortschritt' })).toHaveAttribute('aria-valuetext', '12,3\u00a0%');
  });

  it('sizes the linear fill and the radial arc by the percentage', () => {
    const { container, rerender } = renderWithIntl(<ProgressBar value={25} />);
    expect(container.querySelector('.fill')).toHaveStyle({ width: '25%' });
    rerender(<ProgressBar value={25} variant="radial" size={56} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveClass('radial');
    const arc = container.querySelector('.arc')!;
    const circumference = Number(arc.getAttribute('stroke-dasharray'));
    expect(Number(arc.getAttribute('stroke-dashoffset'))).toBeCloseTo(circumference * 0.75);
  });

  it.each(progressColors)('offers the %s colour', (color) => {
    renderWithIntl(<ProgressBar value={10} color={color} />);
    expect(screen.getByRole('progressbar')).toHaveClass(color);
  });

  it('lists exactly the spec colours', () => {
    expect([...progressColors].sort()).toEqual(['black', 'green', 'grey', 'highlight', 'orange', 'primary', 'red', 'white']);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { InlineLogo } from '@/components/ui/inline-logo';
import { LOGO_HEIGHT, LOGO_WIDTH, Logo } from '@/components/ui/logo';
import { Separator } from '@/components/ui/separator';
import { ToggleIconButton, toggleId } from '@/components/ui/toggle-icon-button';
import { resolveStage } from '@/lib/shared/stage';
import { renderWithIntl } from '@/tests/support/render-with-intl';

describe('ToggleIconButton', () => {
  it('starts unchecked and flips on each click', () => {
    const onChange = jest.fn();
    renderWithIntl(<ToggleIconButton label="Show Grid" icon="#" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Show Grid' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('shows the checked icon while checked', () => {
    renderWithIntl(<ToggleIconButton label="Lock" icon="open" checkedIcon="closed" defaultChecked />);
    expect(screen.getByRole('button', { name: 'Lock' })).toHaveTextContent('closed');
  });

  it('has the label lowercased without spaces as id', () => {
    renderWithIntl(<ToggleIconButton label="Eye Dome  Lighting" icon="*" />);
    expect(screen.getByRole('button')).toHaveAttribute('id', 'eyedomelighting');
    expect(toggleId('Top View')).toBe('topview');
  });

  it('follows a controlled value', () => {
    const { rerender } = renderWithIntl(<ToggleIconButton label="A" icon="*" checked={false} />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'false');
    rerender(<ToggleIconButton label="A" icon="*" checked />);
    expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Separator', () => {
  it("shows 'or' by default, translated", () => {
    renderWithIntl(<Separator />);
    expect(screen.getByRole('separator', { name: 'or' })).toHaveTextContent('or');
  });
  it('speaks German', () => {
    renderWithIntl(<Separator />, { locale: 'de' });
    expect(screen.getByRole('separator', { name: 'oder' })).toBeInTheDocument();
  });
  it('takes another text', () => {
    renderWithIntl(<Separator text="and then" />);
    expect(screen.getByRole('separator', { name: 'and then' })).toBeInTheDocument();
  });
});

describe('Logo', () => {
  it.each(['dev', 'stage', 'prod'] as const)('has a %s variant in light and dark, 326 × 82', (stage) => {
    for (const theme of ['light', 'dark'] as const) {
      const { unmount } = renderWithIntl(<Logo stage={stage} theme={theme} />);
      const img = screen.getByRole('img', { name: 'Argus' });
      expect(img).toHaveAttribute('src', `/logo/argus-${stage}-${theme}.svg`);
      expect(img).toHaveAttribute('width', String(LOGO_WIDTH));
      expect(img).toHaveAttribute('height', String(LOGO_HEIGHT));
      unmount();
    }
    expect([LOGO_WIDTH, LOGO_HEIGHT]).toEqual([326, 82]);
  });

  it('follows the colour scheme when the theme is automatic', () => {
    const { container } = renderWithIntl(<Logo stage="stage" />);
    expect(container.querySelector('source')).toHaveAttribute('media', '(prefers-color-scheme: dark)');
    expect(container.querySelector('source')).toHaveAttribute('srcset', '/logo/argus-stage-dark.svg');
    expect(screen.getByRole('img')).toHaveAttribute('src', '/logo/argus-stage-light.svg');
  });

  it('ships the six SVG files at 326 × 82, named for their stage, with a badge outside production and no text to lay out', () => {
    const { readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    for (const stage of ['dev', 'stage', 'prod']) {
      for (const theme of ['light', 'dark']) {
        const svg = readFileSync(`public/logo/argus-${stage}-${theme}.svg`, 'utf8');
        expect(svg).toContain('width="326" height="82"');
        // The lettering is drawn as outlines: SVG text made the browser lay out text in the
        // image's own document, about 80 ms on every page load.
        expect(svg).not.toContain('<text');
        expect(svg).toContain(stage === 'prod' ? '<title id="t">Argus</title>' : `<title id="t">Argus ${stage.toUpperCase()}</title>`);
        expect(svg.match(/<rect /g) ?? []).toHaveLength(stage === 'prod' ? 0 : 1);
      }
    }
  });
});

describe('InlineLogo (the shell header draws the logo into the page)', () => {
  it.each(['dev', 'stage', 'prod'] as const)('draws the %s file as an svg of the page, 326 × 82, named by the translated alternative text', (stage) => {
    const { readFileSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    const file = readFileSync(`public/logo/argus-${stage}-dark.svg`, 'utf8');
    const { container } = renderWithIntl(<InlineLogo stage={stage} theme="dark" />, { locale: 'de' });
    const svg = screen.getByRole('img', { name: 'Argus' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveAttribute('width', '326');
    expect(svg).toHaveAttribute('height', '82');
    expect(svg).toHaveAttribute('viewBox', '0 0 326 82');
    expect(svg).toHaveAttribute('data-stage', stage);
    // Every shape of the file, in its colours; the file's title (with its id) and comment stay out of the page.
    const shapes = (markup: string) => markup.match(/<(path|circle|rect)\b[^>]*>/g)!.map((tag) => tag.replace(/\/?>$/, ''));
    expect(shapes(svg.innerHTML)).toEqual(shapes(file));
    expect(svg.querySelectorAll('rect')).toHaveLength(stage === 'prod' ? 0 : 1);
    expect(svg.innerHTML).not.toMatch(/<title|<!--|id="t"/);
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('resolveStage (chosen by environment)', () => {
  it.each([
    [{ stage: 'dev', host: 'argus.example.com' }, 'dev'],
    [{ stage: 'prod', host: 'argus-staging.example.com' }, 'prod'],
    [{ host: 'argus-staging.example.com' }, 'stage'],
    [{ host: 'stage.argus.example.com' }, 'stage'],
    [{ host: 'argus.STAGE.example.com:8443' }, 'stage'],
    [{ host: 'localhost:3000' }, 'dev'],
    [{ host: '127.0.0.1:3000' }, 'dev'],
    [{ host: 'argus.example.com' }, 'prod'],
    [{ host: 'argus.example.com', nodeEnv: 'development' }, 'dev'],
    [{ stage: 'bogus', host: 'argus.example.com' }, 'prod'],
    [{}, 'prod'],
  ])('%p → %s', (input, expected) => {
    expect(resolveStage(input)).toBe(expected);
  });
});

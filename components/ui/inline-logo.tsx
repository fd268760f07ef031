import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTranslations } from 'next-intl';
import type { Stage } from '@/lib/shared/stage';
import { LOGO_HEIGHT, LOGO_WIDTH, logoSrc, type LogoTheme } from './logo';

const drawings = new Map<string, string>();

/** What the logo file draws: the SVG between its root tags, without its title and comments. */
function drawing(stage: Stage, theme: LogoTheme): string {
  const src = logoSrc(stage, theme);
  let inner = drawings.get(src);
  if (inner === undefined) {
    const svg = readFileSync(join(process.cwd(), 'public', src), 'utf8');
    inner = svg
      .slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>'))
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<title[\s\S]*?<\/title>/, '')
      .replace(/>\s+</g, '><')
      .trim();
    drawings.set(src, inner);
  }
  return inner;
}

/**
 * The logo drawn into the page, for the shell's header on every page: the same file as `Logo`
 * (public/logo, the one source), but as part of the page. An SVG `<img>` is a document of its own
 * that Chromium creates and lays out when the image arrives: a task of 35–70 ms on every page load
 * in Lighthouse's traces, where the page's own few paths are laid out with the rest of it
 * (docs/performance.md, 7 Dec).
 */
export function InlineLogo({ stage, theme, className }: { stage: Stage; theme: LogoTheme; className?: string }) {
  const t = useTranslations('ui.logo');
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={LOGO_WIDTH}
      height={LOGO_HEIGHT}
      viewBox={`0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}`}
      role="img"
      aria-label={t('alt')}
      data-stage={stage}
      className={className}
      dangerouslySetInnerHTML={{ __html: drawing(stage, theme) }}
    />
  );
}

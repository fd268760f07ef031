import { getImageProps } from 'next/image';
import { useTranslations } from 'next-intl';
import type { Stage } from '@/lib/shared/stage';

/*
 * A server component where the shell renders it (no 'use client'): next/image's prop helper and
 * its image loader (about 5 kB gzip) then stay out of every page's JavaScript.
 */

/** Spec §9. */
export const LOGO_WIDTH = 326;
export const LOGO_HEIGHT = 82;

export type LogoTheme = 'light' | 'dark';

/** Light means "for a light background" (dark ink); dark is for dark backgrounds. */
export function logoSrc(stage: Stage, theme: LogoTheme): string {
  return `/logo/argus-${stage}-${theme}.svg`;
}

export interface LogoProps {
  /** Resolve it with `resolveStage` from lib/shared/stage (env + host). */
  stage: Stage;
  /** 'auto' follows the system colour scheme. */
  theme?: LogoTheme | 'auto';
  className?: string;
}

export function Logo({ stage, theme = 'auto', className }: LogoProps) {
  const t = useTranslations('ui.logo');
  // SVGs are served as they are: nothing for the image optimizer to gain.
  const base = { alt: t('alt'), width: LOGO_WIDTH, height: LOGO_HEIGHT, unoptimized: true, priority: true, className };
  const { props } = getImageProps({ ...base, src: logoSrc(stage, theme === 'dark' ? 'dark' : 'light') });
  if (theme !== 'auto') {
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- props come from getImageProps, alt included
    return <img {...props} data-stage={stage} />;
  }
  const dark = getImageProps({ ...base, src: logoSrc(stage, 'dark') }).props;
  return (
    <picture data-stage={stage}>
      <source media="(prefers-color-scheme: dark)" srcSet={dark.src} />
      {/* eslint-disable-next-line jsx-a11y/alt-text -- props come from getImageProps, alt included */}
      <img {...props} />
    </picture>
  );
}

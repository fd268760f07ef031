import { useTranslations } from 'next-intl';
import type { Stage } from '@/lib/shared/stage';

/*
 * A plain <img> with the attributes next/image's getImageProps gave it (an unoptimized SVG has
 * nothing for the optimizer to gain): importing next/image, even for that helper in a server
 * component, puts its client image component (about 6 kB gzip) into the first load of every page
 * of the shell, since the module is a client boundary.
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
  const props = { alt: t('alt'), width: LOGO_WIDTH, height: LOGO_HEIGHT, decoding: 'async', className, style: { color: 'transparent' } } as const;
  const src = logoSrc(stage, theme === 'dark' ? 'dark' : 'light');
  if (theme !== 'auto') {
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt is in props
    return <img {...props} src={src} data-stage={stage} />;
  }
  return (
    <picture data-stage={stage}>
      <source media="(prefers-color-scheme: dark)" srcSet={logoSrc(stage, 'dark')} />
      {/* eslint-disable-next-line jsx-a11y/alt-text -- alt is in props */}
      <img {...props} src={src} />
    </picture>
  );
}

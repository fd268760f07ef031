import { useTimeZone } from 'next-intl';
import { APP_TIME_ZONE } from '@/lib/shared/locale';

/** The page's time zone: request.ts sets it; a component rendered without next-intl's config gets the same. */
export const useAppTimeZone = (): string => useTimeZone() ?? APP_TIME_ZONE;

'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { countryOptions } from '@/lib/shared/countries';
import { SelectField, type SelectFieldProps } from './select-field';

/**
 * Country from the ISO 3166-1 list, named in the user's language by the runtime's ICU data.
 * `optional` adds an empty choice ("No country").
 */
export function CountrySelect({ optional = false, ...props }: Omit<SelectFieldProps, 'options' | 'placeholder'> & { optional?: boolean }) {
  const locale = useLocale();
  const t = useTranslations('countries');
  const options = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  return <SelectField {...props} options={options} placeholder={optional ? t('none') : t('choose')} />;
}

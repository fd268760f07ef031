export type Locale = 'en' | 'de';
export type TemplateType = 'recovery_code_valid' | 'verification_code_valid';

export interface TemplateData {
  code: string;
  expiresInMinutes: number;
  /** Verification only: the link that fills the code into the flow. */
  link?: string;
}

/** Picks de or en from an Accept-Language header (first supported primary subtag, fallback en). */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (tag === 'de' || tag === 'en') return tag;
  }
  return 'en';
}

const templates: Record<TemplateType, Record<Locale, (d: TemplateData) => { subject: string; body: string }>> = {
  recovery_code_valid: {
    en: (d) => ({
      subject: 'Recover access to your account',
      body: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${d.code}\n\nThe code expires in ${d.expiresInMinutes} minutes. If you did not ask for this, you can ignore this e-mail.\n`,
    }),
    de: (d) => ({
      subject: 'Zugang zu Ihrem Konto wiederherstellen',
      body: `Hallo,\n\nbitte stellen Sie den Zugang zu Ihrem Konto mit folgendem Code wieder her:\n\n${d.code}\n\nDer Code ist ${d.expiresInMinutes} Minuten gültig. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.\n`,
    }),
  },
  verification_code_valid: {
    en: (d) => ({
      subject: 'Please verify your email address',
      body: `Hi,\n\nplease verify your account by entering the following code:\n\n${d.code}\n\nor clicking the following link:\n\n${d.link ?? ''}\n\nThe code expires in ${d.expiresInMinutes} minutes.\n`,
    }),
    de: (d) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      body: `Hallo,\n\nbitte bestätigen Sie Ihr Konto mit folgendem Code:\n\n${d.code}\n\noder über diesen Link:\n\n${d.link ?? ''}\n\nDer Code ist ${d.expiresInMinutes} Minuten gültig.\n`,
    }),
  },
};

export function render(type: TemplateType, locale: Locale, data: TemplateData): { subject: string; body: string } {
  return templates[type][locale](data);
}

'use client';

import { useTranslations } from 'next-intl';
import { passwordIssues, passwordRepeat, passwordRequirements } from '@/lib/shared/validation/password';
import styles from './auth.module.css';

/** spec §5: every rule met and the repeat equal. */
export function passwordAccepted(password: string, repeat: string): boolean {
  return passwordIssues(password).length === 0 && passwordRepeat(repeat, password) === null;
}

/** The spec §5 password rules as a live checklist (one line per rule, met or not). */
export function PasswordChecklist({ password, repeat, id }: { password: string; repeat: string; id?: string }) {
  const t = useTranslations('auth.passwordRules');
  const rules = passwordRequirements.map((r) => ({
    name: r.issue.key.slice('validation.password.'.length),
    text: t(r.issue.key.slice('validation.password.'.length) as 'minLength', r.issue.values),
    met: r.test(password),
  }));
  rules.push({ name: 'repeat', text: t('repeat'), met: password !== '' && passwordRepeat(repeat, password) === null });
  return (
    <ul id={id} className={styles.checklist} aria-label={t('title')}>
      {rules.map((rule) => (
        <li key={rule.name} className={styles.rule} data-rule={rule.name} data-met={rule.met}>
          <span className={styles.mark} aria-hidden="true">
            {rule.met ? '✓' : '✗'}
          </span>
          <span>{rule.text}</span>
          <span className="visually-hidden">{rule.met ? t('met') : t('unmet')}</span>
        </li>
      ))}
    </ul>
  );
}

'use client';

import { translateUiText, type UiText } from '@/lib/shared/identity/response';
import styles from './auth.module.css';
import { useIdentityTranslate } from './use-identity-translate';

/** The flow's own messages (spec §8, translated by id): errors as alerts, the rest as status. */
export function FlowMessages({ messages, extra }: { messages?: UiText[]; extra?: string }) {
  const t = useIdentityTranslate();
  const list = messages ?? [];
  if (list.length === 0 && !extra) return null;
  return (
    <div className={styles.messages}>
      {list.map((m, index) => (
        <p key={`${m.id}-${index}`} className={styles[m.type] ?? styles.info} role={m.type === 'error' ? 'alert' : 'status'} data-message-id={m.id}>
          {translateUiText(m, t)}
        </p>
      ))}
      {extra && (
        <p className={styles.error} role="alert">
          {extra}
        </p>
      )}
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useIdentityTranslate } from '@/components/auth/use-identity-translate';
import { useNotify } from '@/components/platform/notifications';
import { TextInput } from '@/components/ui/text-input';
import { translateUiText, type IdentityOutcome } from '@/lib/shared/identity/response';
import { personNameSchema } from '@/lib/shared/schemas/person-name';
import { translateIssue, type Translate } from '@/lib/shared/validation/issue';
import { CompanyName } from './company-name';
import { PROFILE_FALLBACKS } from './profile-messages';
import { csrfTokenOf, fieldErrors, nestDotted, traitNodes, type FlowNode, type SettingsFlow } from './settings-flow';
import styles from './profile.module.css';

export type SubmitSettings = (body: Record<string, unknown>, fallbackKey: string) => Promise<IdentityOutcome>;

/** Our labels for the traits of the identity schema; any other trait shows the service's own label. */
const TRAIT_LABELS: Readonly<Record<string, string>> = {
  'traits.name.first': 'details.firstName',
  'traits.name.last': 'details.lastName',
  'traits.email': 'details.email',
};
const NAME_TRAITS = new Set(['traits.name.first', 'traits.name.last']);

/**
 * First and last name, e-mail (read-only: it is the sign-in identifier) and company, saved through
 * the settings flow's profile method. Without JavaScript the form posts to the flow's action and
 * the identity service sends the browser back here; with it, the answer is handled in place and
 * the typed values stay in the fields whatever the outcome.
 */
export function ProfileDetailsForm({ flow, submit }: { flow: SettingsFlow; submit: SubmitSettings }) {
  const t = useTranslations('profile');
  const identityT = useIdentityTranslate();
  const notify = useNotify();
  const tAll = useTranslations();
  const [pending, setPending] = useState(false);
  const [nameErrors, setNameErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = [...new FormData(event.currentTarget).entries()].filter(([name]) => name.startsWith('traits.')).map(([name, value]): [string, string] => [name, String(value)]);
    // The names through the shared schema first: trimmed, and one made only of spaces refused in the user's language.
    const refused: Record<string, string> = {};
    const entries = raw.map(([name, value]): [string, string] => {
      if (!NAME_TRAITS.has(name)) return [name, value];
      const parsed = personNameSchema.safeParse(value);
      if (parsed.success) return [name, parsed.data];
      refused[name] = parsed.error.issues[0]!.message;
      return [name, value];
    });
    setNameErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setPending(true);
    const outcome = await submit({ method: 'profile', traits: nestDotted(entries).traits }, PROFILE_FALLBACKS.profileUpdate);
    setPending(false);
    if (outcome.ok) notify({ type: 'success', text: t('messages.profileUpdated') });
    else if (!outcome.redirectTo) notify({ type: 'error', text: outcome.text });
  }

  const field = (node: FlowNode) => {
    const name = node.attributes.name!;
    const label = TRAIT_LABELS[name] ? t(TRAIT_LABELS[name]) : node.meta?.label ? translateUiText(node.meta.label, identityT) : name;
    const error = fieldErrors(flow, name)[0];
    const refused = nameErrors[name];
    return (
      <TextInput
        key={name}
        name={name}
        label={label}
        type={node.attributes.type === 'email' ? 'email' : 'text'}
        defaultValue={typeof node.attributes.value === 'string' ? node.attributes.value : ''}
        readOnly={name === 'traits.email'}
        required={node.attributes.required}
        autoComplete={name === 'traits.name.first' ? 'given-name' : name === 'traits.name.last' ? 'family-name' : name === 'traits.email' ? 'email' : undefined}
        error={refused ? translateIssue(tAll as unknown as Translate, refused) : error ? translateUiText(error, identityT) : undefined}
      />
    );
  };

  const traits = traitNodes(flow);
  const names = traits.filter((n) => NAME_TRAITS.has(n.attributes.name!));
  const others = traits.filter((n) => !NAME_TRAITS.has(n.attributes.name!));
  return (
    <section className={styles.section} aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">{t('details.heading')}</h2>
      <form action={flow.ui.action} method="post" onSubmit={onSubmit} className={styles.form}>
        <input type="hidden" name="csrf_token" value={csrfTokenOf(flow)} />
        <div className={styles.row}>{names.map(field)}</div>
        {others.map(field)}
        <CompanyName />
        <div className={styles.actions}>
          <button type="submit" name="method" value="profile" className={styles.button} disabled={pending}>
            {t('details.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

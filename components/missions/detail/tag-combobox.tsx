'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { pickers } from '@/lib/client/api/pickers';
import { useEndpoint } from '@/lib/client/api/use-endpoint';
import type { TagDto } from '@/lib/shared/schemas/tag';
import { debounce } from '@/lib/shared/validation/debounce';
import styles from './detail.module.css';

/** What the user picked: a tag that exists, or the typed text as a new tag. */
export type TagChoice = { kind: 'existing'; tag: TagDto } | { kind: 'create'; name: string };

/** The tag schema's name limit (lib/shared/schemas/tag.ts); the zod schema stays on the server. */
const MAX_NAME_LENGTH = 50;
const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_LIMIT = 50;

/**
 * The "Add tag" combobox (WAI-ARIA combobox with a listbox popup): searches the shared tag
 * vocabulary as the user types, leaves out the tags the mission already carries and offers
 * "Create tag '…'" when no tag has exactly the typed name.
 */
export function TagCombobox({ attached, disabled, onPick }: { attached: readonly { id: number; name: string }[]; disabled: boolean; onPick: (choice: TagChoice) => void }) {
  const t = useTranslations('missions.tags');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputId = useId();
  const listId = useId();

  const settle = useMemo(() => debounce((q: string) => setQuery(q), SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => settle.cancel(), [settle]);
  const { data, error } = useEndpoint(pickers.listTags, open ? { query: { limit: SEARCH_LIMIT, q: query || undefined } } : null, { revalidateOnFocus: false });

  const typed = text.trim();
  // Until the search for the typed text has answered, the list would describe an older text.
  const settled = query === typed && !!data;
  const options: TagChoice[] = useMemo(() => {
    if (!settled) return [];
    const taken = new Set(attached.map((a) => a.id));
    const existing: TagChoice[] = data.items.filter((tag) => !taken.has(tag.id)).map((tag) => ({ kind: 'existing', tag }));
    const lower = typed.toLowerCase();
    const known = typed === '' || [...data.items, ...attached].some((tag) => tag.name.toLowerCase() === lower);
    return known ? existing : [...existing, { kind: 'create', name: typed }];
  }, [settled, data, attached, typed]);
  useEffect(() => setActive(0), [options]);

  const optionId = (i: number) => `${listId}-${i}`;
  const label = (o: TagChoice) => (o.kind === 'create' ? t('create', { name: o.name }) : o.tag.name);
  const expanded = open && !disabled;

  function pick(choice: TagChoice | undefined) {
    if (!choice) return;
    onPick(choice);
    setText('');
    settle.cancel();
    setQuery('');
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (options.length) setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && expanded) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className={styles.tagCombobox}>
      <label className="visually-hidden" htmlFor={inputId}>
        {t('add')}
      </label>
      <input
        id={inputId}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && options.length ? optionId(active) : undefined}
        className={styles.tagInput}
        placeholder={t('add')}
        maxLength={MAX_NAME_LENGTH}
        autoComplete="off"
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          settle(e.target.value.trim());
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={t('add')} className={styles.tagOptions} hidden={!expanded}>
        {options.map((o, i) => (
          <li
            key={o.kind === 'create' ? 'create' : o.tag.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={styles.tagOption}
            // Keeps the focus in the input, so blur does not close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o)}
          >
            {label(o)}
          </li>
        ))}
      </ul>
      {expanded && (
        <p className={styles.reason} role="status">
          {error ? t('searchFailed') : !settled ? t('searching') : options.length === 0 ? t('noMatches') : ''}
        </p>
      )}
    </div>
  );
}

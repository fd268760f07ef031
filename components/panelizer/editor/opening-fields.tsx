'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDecimal } from '@/components/ui/use-decimal';
import type { Opening, OpeningKind } from '@/lib/shared/panelizer/document';
import type { Command, Refusal } from '../model/command';
import { updateOpening, type OpeningRect } from '../model/opening-commands';
import styles from './panelizer.module.css';

const FIELDS = ['left', 'bottom', 'width', 'height'] as const;

/** The selected opening's exact place and size, in metres; a change is one command (refused if it leaves the wall). */
export function OpeningFields({ opening, readOnly, run }: { opening: Opening; readOnly: boolean; run: (command: Command) => Refusal | null }) {
  const t = useTranslations('panelizer.editor.openings');
  return (
    <div className={styles.openingFields} role="group" aria-label={t('selected')}>
      <label>
        {t('kind')}{' '}
        <select disabled={readOnly} value={opening.kind} onChange={(event) => run(updateOpening(opening.id, { kind: event.target.value as OpeningKind }))}>
          <option value="window">{t('window')}</option>
          <option value="door">{t('door')}</option>
        </select>
      </label>
      {FIELDS.map((field) => (
        <MetreField key={`${opening.id}-${field}-${opening[field]}`} label={t(`field.${field}`)} value={opening[field]} readOnly={readOnly} onCommit={(value) => run(updateOpening(opening.id, { [field]: value } as Partial<OpeningRect>))} />
      ))}
    </div>
  );
}

function MetreField({ label, value, readOnly, onCommit }: { label: string; value: number; readOnly: boolean; onCommit: (value: number) => void }) {
  const decimal = useDecimal();
  // In the user's language ("2,50" in German), without group separators: a commit reads the text
  // back with either decimal mark.
  const shown = (metres: number) => decimal(metres, 2, false);
  const [text, setText] = useState(() => shown(value));
  const commit = () => {
    const number = Number(text.replace(',', '.'));
    // Each commit shows the value as stored; a refused one goes back to it.
    setText(shown(value));
    if (Number.isFinite(number) && number >= 0 && Math.abs(number - value) > 1e-9) onCommit(number);
  };
  return (
    <label>
      {label}{' '}
      <input
        type="text"
        inputMode="decimal"
        readOnly={readOnly}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </label>
  );
}

import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepTabs } from '@/components/panelizer/editor/step-tabs';
import type { Step } from '@/components/panelizer/editor/shortcuts';

// Issue 20 point 6: the panelizer's steps switch from the keyboard, as ARIA tabs do.
function Editor({ onWindowKey }: { onWindowKey: () => void }) {
  const [step, setStep] = useState<Step>('floors');
  return (
    <div onKeyDown={onWindowKey}>
      <StepTabs steps={['floors', 'walls', 'openings']} step={step} label="Panelizer steps" name={(s, i) => `${i + 1}. ${s}`} onSelect={setStep} />
      <button type="button">Undo</button>
    </div>
  );
}

describe('StepTabs', () => {
  it('is one tab stop; arrows, Home and End select another step and move focus there, and stop at the list', async () => {
    const user = userEvent.setup();
    const outer = jest.fn();
    render(<Editor onWindowKey={outer} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: '1. floors' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '2. walls' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '2. walls' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '3. openings' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '1. floors' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '3. openings' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '1. floors' })).toHaveAttribute('aria-selected', 'true');
    // The editor's own arrow shortcuts do not see these keys.
    expect(outer).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
  });
});

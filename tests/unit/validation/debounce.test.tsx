import { act, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { debounce, TEXT_INPUT_DEBOUNCE_MS, VALIDATION_DEBOUNCE_MS } from '@/lib/shared/validation/debounce';
import { formValidationOptions } from '@/lib/shared/validation/form';
import * as zv from '@/lib/shared/validation/zod';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('debounce', () => {
  it('uses the spec delays: 500 ms in general, 600 ms in the text input', () => {
    expect(VALIDATION_DEBOUNCE_MS).toBe(500);
    expect(TEXT_INPUT_DEBOUNCE_MS).toBe(600);
  });
  it('runs only the last call of a burst, 500 ms after it by default', () => {
    const fn = jest.fn();
    const d = debounce(fn);
    d('a');
    jest.advanceTimersByTime(300);
    d('ab');
    jest.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });
  it('cancel drops and flush runs the pending call', () => {
    const fn = jest.fn();
    const d = debounce(fn, 100);
    d(1);
    d.cancel();
    jest.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
    d(2);
    d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    jest.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

function EmailForm() {
  const schema = z.object({ email: zv.requiredEmail() });
  const { register, formState } = useForm({ ...formValidationOptions, resolver: zodResolver(schema), defaultValues: { email: '' } });
  return (
    <form>
      <input aria-label="email" {...register('email')} />
      <p role="alert">{formState.errors.email?.message ?? ''}</p>
    </form>
  );
}

describe('react-hook-form with formValidationOptions (general inputs)', () => {
  it('shows an error only after 500 ms without typing, and clears it at once when fixed', async () => {
    render(<EmailForm />);
    const field = screen.getByLabelText('email');
    fireEvent.change(field, { target: { value: 'jane@' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(499);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('validation.email');
    fireEvent.change(field, { target: { value: 'jane@example.com' } });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '@/components/ui/text-input';
import { email, minLength, required } from '@/lib/shared/validation/text';
import * as zv from '@/lib/shared/validation/zod';
import { renderWithIntl } from '@/tests/support/render-with-intl';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });

describe('TextInput', () => {
  it('validates 600 ms after the last keystroke, not before', () => {
    renderWithIntl(<TextInput label="Name" rules={[minLength(5)]} />);
    type('abc');
    advance(599);
    expect(screen.queryByText('This field should be at least 5 characters long')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText('This field should be at least 5 characters long')).toBeInTheDocument();
  });

  it('restarts the 600 ms wait on every keystroke', () => {
    renderWithIntl(<TextInput label="Name" rules={[minLength(5)]} />);
    type('a');
    advance(400);
    type('ab');
    advance(400);
    expect(screen.queryByText(/at least 5/)).not.toBeInTheDocument();
    advance(200);
    expect(screen.getByText(/at least 5/)).toBeInTheDocument();
  });

  it('shows only the first failing rule, under the field, linked for screen readers', () => {
    renderWithIntl(<TextInput label="Name" rules={[required, email, minLength(20)]} />);
    type('   ');
    advance(600);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Value is required');
    expect(screen.queryByText(/Value is not a valid email/)).not.toBeInTheDocument();
    type('jane');
    advance(600);
    expect(input).toHaveAccessibleDescription('Value is not a valid email address');
    // The message sits after the input in document order (under the field).
    expect(input.compareDocumentPosition(screen.getByText('Value is not a valid email address')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('clears the error 600 ms after the value becomes valid', () => {
    renderWithIntl(<TextInput label="Name" rules={[required]} />);
    type(' ');
    advance(600);
    expect(screen.getByText('Value is required')).toBeInTheDocument();
    type('Jane');
    advance(600);
    expect(screen.queryByText('Value is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('speaks German with German messages', () => {
    renderWithIntl(<TextInput label="Name" rules={[minLength(5)]} />, { locale: 'de' });
    type('abc');
    advance(600);
    expect(screen.getByText('Dieses Feld muss mindestens 5 Zeichen lang sein')).toBeInTheDocument();
  });

  it('shows an outside error at once and still calls onChange', () => {
    const onChange = jest.fn();
    renderWithIntl(<TextInput label="Name" error="Taken" onChange={onChange} />);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Taken');
    type('x');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not validate after unmount', () => {
    const { unmount } = renderWithIntl(<TextInput label="Name" rules={[required]} />);
    type(' ');
    unmount();
    expect(() => advance(600)).not.toThrow();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('TextInput with react-hook-form', () => {
  function Form() {
    const schema = z.object({ email: zv.requiredEmail() });
    const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
    return (
      <form onSubmit={handleSubmit(() => {})}>
        <TextInput label="Email" {...register('email')} error={formState.errors.email?.message} />
        <button type="submit">Send</button>
      </form>
    );
  }

  it('registers like a native input and translates the resolver message', async () => {
    renderWithIntl(<Form />, { locale: 'de' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await jest.runAllTimersAsync();
    });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Der Wert ist keine gültige E-Mail-Adresse');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ByteCountTextArea, counterMargin } from '@/components/ui/byte-count-text-area';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const counter = () => screen.queryByTestId('byte-counter');

describe('ByteCountTextArea', () => {
  it('has 7 rows by default', () => {
    renderWithIntl(<ByteCountTextArea label="Notes" maxBytes={100} />);
    expect(screen.getByLabelText('Notes')).toHaveAttribute('rows', '7');
  });

  it.each([
    [10, 3],
    [15, 3],
    [50, 10],
    [250, 50],
    [500, 100],
    [5000, 100],
  ])('margin for max %i is %i (20 %% clamped to 3..100)', (max, margin) => {
    expect(counterMargin(max)).toBe(margin);
  });

  it('counts UTF-8 bytes of real multi-byte typing', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ByteCountTextArea label="Notes" maxBytes={12} />);
    // max 12 → margin 3 → counter from 9 bytes.
    await user.type(screen.getByLabelText('Notes'), 'Grüße');
    expect(screen.getByLabelText('Notes')).toHaveValue('Grüße');
    expect(counter()).toBeNull(); // 7 bytes, 5 characters
    await user.type(screen.getByLabelText('Notes'), '€');
    expect(counter()).toHaveTextContent('10 / 12'); // + 3 bytes
    expect(counter()).toHaveTextContent('10 of 12 bytes used');
  });

  it('shows the counter exactly from max minus margin', () => {
    renderWithIntl(<ByteCountTextArea label="Notes" maxBytes={50} />);
    const area = screen.getByLabelText('Notes');
    fireEvent.change(area, { target: { value: 'a'.repeat(39) } });
    expect(counter()).toBeNull();
    fireEvent.change(area, { target: { value: 'a'.repeat(38) + 'ä' } }); // 40 bytes
    expect(counter()).toHaveTextContent('40 / 50');
    expect(area).toHaveAccessibleDescription('40 of 50 bytes used');
  });

  it('takes the error style only when usage exceeds max', () => {
    renderWithIntl(<ByteCountTextArea label="Notes" maxBytes={10} />);
    const area = screen.getByLabelText('Notes');
    fireEvent.change(area, { target: { value: '😀😀ab' } }); // 10 bytes
    expect(counter()).toHaveTextContent('10 / 10');
    expect(counter()).not.toHaveClass('counterError');
    expect(area).not.toHaveAttribute('aria-invalid');
    fireEvent.change(area, { target: { value: '😀😀abc' } }); // 11 bytes
    expect(counter()).toHaveTextContent('11 / 10');
    expect(counter()).toHaveClass('counterError');
    expect(area).toHaveAttribute('aria-invalid', 'true');
  });

  it('works controlled', () => {
    const { rerender } = renderWithIntl(<ByteCountTextArea label="Notes" maxBytes={4} value="" onChange={() => {}} />);
    expect(counter()).toBeNull();
    rerender(<ByteCountTextArea label="Notes" maxBytes={4} value="€" onChange={() => {}} />);
    expect(counter()).toHaveTextContent('3 / 4');
  });
});

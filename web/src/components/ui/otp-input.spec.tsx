import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { emptyOtp, OtpInput, pasteInto } from './otp-input';

function Harness({ onFullPaste }: { onFullPaste?: () => void }) {
  const [digits, setDigits] = useState(emptyOtp);
  return (
    <>
      <OtpInput value={digits} onChange={setDigits} onFullPaste={onFullPaste} />
      <output data-testid="code">{digits.map((digit) => digit || '_').join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const code = () => screen.getByTestId('code').textContent;

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe(OtpInput.name, () => {
  it('moves on to the next box after each digit', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('4');
    expect(box(2)).toBe(document.activeElement);
    await userEvent.keyboard('20');
    expect(code()).toBe('420___');
    expect(box(4)).toBe(document.activeElement);
  });

  it('ignores anything but digits', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a-');
    expect(code()).toBe('______');
    expect(box(1)).toBe(document.activeElement);
  });

  it('clears a filled box on Backspace, and moves back from an empty one', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    expect(box(4)).toBe(document.activeElement);
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('12____');
    expect(box(3)).toBe(document.activeElement);
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(box(2)).toBe(document.activeElement);
  });

  it('fills all six boxes from a pasted code, stripped to digits, and says so', () => {
    const onFullPaste = jest.fn();
    render(<Harness onFullPaste={onFullPaste} />);
    paste(box(3), 'Your code: 482-913 ');
    expect(code()).toBe('482913');
    expect(box(6)).toBe(document.activeElement);
    expect(onFullPaste).toHaveBeenCalledTimes(1);
  });

  it('lays a partial paste in from the focused box without claiming a full code', () => {
    const onFullPaste = jest.fn();
    render(<Harness onFullPaste={onFullPaste} />);
    paste(box(2), '7 8');
    expect(code()).toBe('_78___');
    expect(onFullPaste).not.toHaveBeenCalled();
  });

  it('announces an error against the group', () => {
    render(
      <OtpInput
        value={emptyOtp()}
        onChange={jest.fn()}
        error="Please enter all 6 digits of the OTP"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please enter all 6 digits of the OTP');
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
  });
});

describe(pasteInto.name, () => {
  it('keeps the first six digits of a longer paste', () => {
    expect(pasteInto(emptyOtp(), 0, '1234567890')).toEqual({
      digits: ['1', '2', '3', '4', '5', '6'],
      full: true,
      focus: 5,
    });
  });

  it('never writes past the last box', () => {
    expect(pasteInto(emptyOtp(), 4, '987').digits).toEqual(['', '', '', '', '9', '8']);
  });
});

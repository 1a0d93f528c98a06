import { render, screen } from '@testing-library/react';

import { TextField } from './text-field';

describe(TextField.name, () => {
  it('shows its hint and describes the input with it while there is no error', () => {
    render(<TextField label="Amount (USDC)" hint="Min: 0.01 USDC, Max: 10 USDC" />);
    const input = screen.getByLabelText('Amount (USDC)');
    expect(screen.getByText('Min: 0.01 USDC, Max: 10 USDC')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Min: 0.01 USDC, Max: 10 USDC',
    );
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('replaces the hint with the error, never both at once', () => {
    render(
      <TextField
        label="Password"
        hint="At least 6 characters"
        error="Password must be at least 6 characters long"
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(screen.queryByText('At least 6 characters')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

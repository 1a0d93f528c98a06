import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { LoanRequest } from '../api/loan-requests';
import { InterestRateModal } from './interest-rate-modal';

const loan = {
  _id: '0190aaaa-bbbb-cccc-dddd-eeeeeeffffff',
  amount: 2,
  duration: 30,
  maxInterestRate: 8,
} as LoanRequest;

describe(InterestRateModal.name, () => {
  beforeAll(() => {
    // jsdom has <dialog> but not its modal mode.
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('opens at 5 %, clamps to the borrower’s ceiling, and funds at the rate chosen', async () => {
    const onConfirm = jest.fn();
    render(
      <InterestRateModal loan={loan} funding={false} onCancel={jest.fn()} onConfirm={onConfirm} />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('APR (%)');
    expect(input.value).toBe('5');
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.tab();
    expect(input.value).toBe('8');
    await userEvent.clear(input);
    await userEvent.type(input, '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Fund Loan' }));
    expect(onConfirm).toHaveBeenCalledWith(loan, 7.5);
  });

  it('shows Funding... and cannot be cancelled while the funding runs', () => {
    render(<InterestRateModal loan={loan} funding onCancel={jest.fn()} onConfirm={jest.fn()} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Funding...' }).disabled).toBe(
      true,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
  });
});

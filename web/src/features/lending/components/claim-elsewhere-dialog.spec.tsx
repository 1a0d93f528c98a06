import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ClaimElsewhereDialog, claimAddressProblem } from './claim-elsewhere-dialog';

const lender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const elsewhere = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe(ClaimElsewhereDialog.name, () => {
  beforeAll(() => {
    // jsdom has <dialog> but not its modal mode.
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('refuses what is not an address, the zero address, the lending address and the contract', () => {
    const problem = (value: string) => claimAddressProblem(value, lender, contract);
    expect(problem('0x123')).toMatch(/^Enter a wallet address/);
    expect(problem(`0x${'0'.repeat(40)}`)).toMatch(/^Enter a wallet address/);
    expect(problem(lender.toLowerCase())).toMatch(/could not receive it/);
    expect(problem(contract.toLowerCase())).toMatch(/^The lending contract cannot/);
    expect(problem(` ${elsewhere.toLowerCase()} `)).toBeUndefined();
    // No lending address known: only the form of the address is checked.
    expect(claimAddressProblem(elsewhere, '', contract)).toBeUndefined();
  });

  it('shows the problem at the field and claims only to a good address, checksummed', async () => {
    const onClaim = jest.fn();
    render(
      <ClaimElsewhereDialog
        open
        amount={2.05}
        lender={lender}
        lendingContract={contract}
        busy={false}
        onClaim={onClaim}
        onClose={jest.fn()}
      />,
    );
    const field = screen.getByLabelText('Send to');
    await userEvent.type(field, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: /^Send/ }));
    expect(onClaim).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/^Enter a wallet address/);

    await userEvent.clear(field);
    await userEvent.type(field, elsewhere.toLowerCase());
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: /^Send/ }));
    expect(onClaim).toHaveBeenCalledWith(elsewhere);
  });
});

import { render, screen } from '@testing-library/react';

import { Modal } from './modal';

beforeAll(() => {
  // jsdom has <dialog> but not its modal mode.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe(Modal.name, () => {
  it('opens with focus on its first control', () => {
    const { rerender } = render(
      <Modal open={false} title="Set Interest Rate">
        <p>You lend 5.00 USDC for 30 days.</p>
        <label htmlFor="apr">APR (%)</label>
        <input id="apr" />
        <button type="button">Cancel</button>
      </Modal>,
    );
    rerender(
      <Modal open title="Set Interest Rate">
        <p>You lend 5.00 USDC for 30 days.</p>
        <label htmlFor="apr">APR (%)</label>
        <input id="apr" />
        <button type="button">Cancel</button>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('APR (%)'));
  });

  it('skips what cannot take focus', () => {
    render(
      <Modal open title="Before you continue">
        <button type="button" disabled>
          Busy
        </button>
        <a href="/terms-of-service">Terms of Service</a>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Terms of Service' }));
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { hasAcknowledgedTerms } from '@/lib/terms-acknowledgement';

import { TermsModal } from './terms-modal';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <TermsModal /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe(TermsModal.name, () => {
  beforeAll(() => {
    // jsdom has <dialog> but not its modal mode.
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
  beforeEach(() => localStorage.clear());

  it('asks until the visitor agrees, and remembers the answer', async () => {
    renderAt('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'I Agree' }));
    expect(hasAcknowledgedTerms()).toBe(true);
    expect(screen.queryByRole('button', { name: 'I Agree' })).toBeNull();
  });

  it.each([
    '/register',
    '/sign-up',
    '/login',
    '/password-changed',
    '/privacy-policy',
    '/terms-of-service',
    '/create-new-password',
  ])('stays hidden on %s (SPEC §2)', (path) => {
    renderAt(path);
    expect(screen.queryByRole('button', { name: 'I Agree' })).toBeNull();
  });
});

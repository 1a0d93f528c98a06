import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { hasAcknowledgedTerms } from '@/lib/terms-acknowledgement';
import { renderScreen } from '@/testing/render';

import { pendingSignUp } from '../pending-sign-up';
import { SignUpForm } from './sign-up-form';

const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();

const renderForm = () => renderScreen('/sign-up', <SignUpForm />);

async function fill() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Phone Number'), '+44 20 7946 0001');
  await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
  await userEvent.type(screen.getByLabelText('Password'), 'analytical');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'analytical');
}

describe(SignUpForm.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
    pendingSignUp.forget();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows the first broken rule of each field, focuses the first, and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Please enter your full name')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(
      screen.getByText('You must agree to the Terms of Service and Privacy Policy to continue'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the terms and the privacy policy in a new tab', () => {
    renderForm();
    for (const name of ['Terms of Service', 'Privacy Policy']) {
      expect(screen.getByRole('link', { name }).getAttribute('target')).toBe('_blank');
    }
  });

  it('asks for a code, holds the details in memory and goes on to /verify-otp', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'sent', data: null })),
    );
    const router = renderForm();
    await fill();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
    });
    expect(pendingSignUp.get()).toEqual({
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
      password: 'analytical',
    });
    expect(JSON.stringify(localStorage)).not.toContain('analytical');
    expect(JSON.stringify(sessionStorage)).not.toContain('analytical');
    expect(hasAcknowledgedTerms()).toBe(true);
    expect(
      await screen.findByText(
        'Account created successfully! Please verify your email to continue.',
      ),
    ).toBeTruthy();
  });

  it('keeps everything typed when the API refuses, with its message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Too many attempts.' }), {
        status: 429,
      }),
    );
    const router = renderForm();
    await fill();
    await userEvent.click(screen.getByLabelText(/I agree to the/));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Too many attempts.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ada Lovelace');
    expect(pendingSignUp.get()).toBeNull();
  });
});

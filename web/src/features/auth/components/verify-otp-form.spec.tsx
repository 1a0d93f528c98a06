import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { session } from '@/lib/session';
import { renderScreen } from '@/testing/render';

import { codeClock } from '../code-clock';
import { PENDING_SIGN_UP_KEY, pendingSignUp } from '../pending-sign-up';
import { AddressText, VerifyOtpForm, waitWords } from './verify-otp-form';

const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ success: true, message: 'OK', data })));
const refused = (status: number, message: string, headers: Record<string, string> = {}) =>
  Promise.resolve(new Response(JSON.stringify({ success: false, message }), { status, headers }));
/** The address the screen names (split into parts that wrap, AddressText). */
const shownAddress = () => document.querySelector('.email')?.textContent;
const toasts = () => Array.from(document.querySelectorAll('.Toastify__toast'));

const renderForm = (resetEmail: string | null) =>
  renderScreen('/verify-otp', <VerifyOtpForm resetEmail={resetEmail} />);

async function typeCode(code: string) {
  await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
  await userEvent.keyboard(code);
}

const details = {
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0001',
  password: 'analytical',
};

describe(VerifyOtpForm.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
    session.clear();
    pendingSignUp.forget();
    codeClock.forget();
  });

  it('wants all six digits before sending anything', async () => {
    pendingSignUp.hold(details);
    renderForm(null);
    await typeCode('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter all 6 digits of the OTP')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sign-up: sends the held details with the code, signs in and goes to the dashboard', async () => {
    pendingSignUp.hold(details);
    const user = { _id: 'u1', fullname: 'Ada Lovelace', email: 'ada@example.com' };
    fetchMock.mockReturnValue(ok({ token: 't', refresh: 'r', user }));
    const router = renderForm(null);
    expect(shownAddress()).toBe('ada@example.com');
    // The sixth digit submits: no click on Verify.
    await typeCode('482913');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/users/verify-account');
    expect(JSON.parse(init!.body as string)).toEqual({ ...details, otp: '482913' });
    expect(session.getState().token).toBe('t');
    expect(pendingSignUp.get()).toBeNull();
    expect(await screen.findByText('Welcome to LendPath, Ada Lovelace!')).toBeTruthy();
    // One welcome, and nothing else: no 'OTP verified' beside it.
    expect(toasts()).toHaveLength(1);
  });

  it('after a reload keeps name, email and phone and asks only for the password again', async () => {
    sessionStorage.setItem(
      PENDING_SIGN_UP_KEY,
      JSON.stringify({ fullname: details.fullname, email: details.email, phone: details.phone }),
    );
    const user = { _id: 'u1', fullname: 'Ada Lovelace', email: 'ada@example.com' };
    fetchMock.mockReturnValue(ok({ token: 't', refresh: 'r', user }));
    const router = renderForm(null);
    expect(shownAddress()).toBe('ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await typeCode('482913');
    // Sign-up's own password rules.
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), details.password);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      ...details,
      otp: '482913',
    });
  });

  it('holds the password in memory only, never in storage', () => {
    pendingSignUp.hold(details);
    expect(JSON.stringify(sessionStorage)).not.toContain(details.password);
    expect(JSON.stringify(localStorage)).not.toContain(details.password);
    expect(pendingSignUp.get()).toEqual(details);
  });

  it('a wrong code clears the boxes, focuses the first and says so beside them, not in a toast', async () => {
    pendingSignUp.hold(details);
    fetchMock.mockReturnValue(refused(400, 'Invalid or expired code. Please request a new one.'));
    renderForm(null);
    await typeCode('111111');
    const message = await screen.findByText('Invalid or expired code. Please request a new one.');
    expect(message.id).toBe('otp-error');
    expect(
      screen.getByRole('group', { name: 'One-time code' }).getAttribute('aria-describedby'),
    ).toBe('otp-error');
    for (let digit = 1; digit <= 6; digit += 1) {
      expect(screen.getByLabelText<HTMLInputElement>(`Digit ${digit} of 6`).value).toBe('');
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Digit 1 of 6')));
    expect(toasts()).toHaveLength(0);
  });

  it('a server that fails is a toast, as it belongs to no field', async () => {
    pendingSignUp.hold(details);
    fetchMock.mockReturnValue(refused(503, 'upstream'));
    renderForm(null);
    await typeCode('111111');
    expect(await screen.findByText('Failed to verify OTP. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /code/ })).toBeNull();
  });

  it("offers 'Wrong email?' back to the screen where the address was typed", () => {
    pendingSignUp.hold(details);
    renderForm(null);
    expect(screen.getByRole('link', { name: 'Wrong email?' }).getAttribute('href')).toBe(
      '/sign-up',
    );
  });

  it("in the reset flow 'Wrong email?' goes back to /forgot-password", () => {
    renderForm('ada@example.com');
    expect(screen.getByRole('link', { name: 'Wrong email?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('keeps Resend disabled with a countdown until a minute after the code was sent', () => {
    pendingSignUp.hold(details);
    codeClock.sent('sign-up', details.email, Date.now() - 18_000);
    renderForm(null);
    const resend = screen.getByRole('button', { name: /^Resend/ });
    expect(resend).toHaveProperty('disabled', true);
    expect(resend.textContent).toMatch(/^Resend in 0:4[12]$/);
  });

  it('counts from the stored send, so a reload does not start the minute over', () => {
    pendingSignUp.hold(details);
    codeClock.sent('sign-up', details.email, Date.now() - 61_000);
    renderForm(null);
    expect(screen.getByRole('button', { name: 'Resend' })).toHaveProperty('disabled', false);
  });

  it("on a 429 counts down from the server's Retry-After and shows its message at Resend", async () => {
    pendingSignUp.hold(details);
    fetchMock.mockReturnValue(
      refused(429, 'Please wait 42 seconds before asking for another code.', {
        'Retry-After': '42',
      }),
    );
    renderForm(null);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    const note = await screen.findByText('Please wait 42 seconds before asking for another code.');
    const resend = screen.getByRole('button', { name: /^Resend/ });
    expect(resend.getAttribute('aria-describedby')).toBe(note.id);
    expect(resend.textContent).toMatch(/^Resend in 0:4[12]$/);
    expect(resend).toHaveProperty('disabled', true);
    expect(toasts()).toHaveLength(0);
  });

  it('tells screen readers when the wait starts, not every second', async () => {
    pendingSignUp.hold(details);
    codeClock.sent('sign-up', details.email);
    renderForm(null);
    expect(await screen.findByText('You can ask for a new code in 1 minute.')).toBeTruthy();
    expect(waitWords(45)).toBe('45 seconds');
    expect(waitWords(600)).toBe('10 minutes');
  });

  it('sign-up without held details (a reload) sends the member back to sign up', () => {
    renderForm(null);
    expect(screen.getByRole('link', { name: 'Back to Sign Up' })).toBeTruthy();
  });

  it('reset: checks the code and goes on to a new password with email and code', async () => {
    fetchMock.mockReturnValue(ok(null));
    const router = renderForm('ada@example.com');
    await typeCode('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-new-password'));
    expect(router.state.location.search).toBe('?email=ada%40example.com&otpCode=123456');
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/users/verify-forgetpassword-otp');
    expect(await screen.findByText('OTP verified successfully!')).toBeTruthy();
  });

  it('Resend asks for a new code the way each flow gets one, then waits again', async () => {
    fetchMock.mockReturnValue(ok(null));
    pendingSignUp.hold(details);
    renderForm(null);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('OTP has been resent to your email')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/user/resend-otp');
    expect(screen.getByRole('button', { name: /^Resend/ })).toHaveProperty('disabled', true);
  });

  it('reset flow: Resend asks /users/forgot-password', async () => {
    fetchMock.mockReturnValue(ok(null));
    renderForm('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('OTP has been resent to your email')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/users/forgot-password');
  });

  it("shows the server's refusal and stays", async () => {
    fetchMock.mockReturnValue(refused(400, 'That code is not right.'));
    const router = renderForm('ada@example.com');
    await typeCode('000000');
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-otp');
  });
});

describe(AddressText.name, () => {
  it('lets a long address wrap only between its parts', () => {
    const { container } = render(<AddressText email="katherine.johnson-long@example.co.uk" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(5);
    expect(container.textContent).toBe('katherine.johnson-long@example.co.uk');
  });
});

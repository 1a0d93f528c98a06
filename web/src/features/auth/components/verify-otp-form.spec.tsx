import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { session } from '@/lib/session';
import { renderScreen } from '@/testing/render';

import { pendingSignUp } from '../pending-sign-up';
import { VerifyOtpForm } from './verify-otp-form';

const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ success: true, message: 'OK', data })));

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
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await typeCode('482913');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/users/verify-account');
    expect(JSON.parse(init!.body as string)).toEqual({ ...details, otp: '482913' });
    expect(session.getState().token).toBe('t');
    expect(pendingSignUp.get()).toBeNull();
    expect(await screen.findByText('Welcome to LendPath, Ada Lovelace!')).toBeTruthy();
  });

  it('sign-up without held details (a reload) sends the member back to sign up', () => {
    renderForm(null);
    expect(screen.getByRole('link', { name: 'Back to Sign Up' })).toBeTruthy();
  });

  it('reset: checks the code and goes on to a new password with email and code', async () => {
    fetchMock.mockReturnValue(ok(null));
    const router = renderForm('ada@example.com');
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-new-password'));
    expect(router.state.location.search).toBe('?email=ada%40example.com&otpCode=123456');
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/users/verify-forgetpassword-otp');
    expect(await screen.findByText('OTP verified successfully!')).toBeTruthy();
  });

  it('Resend asks for a new code the way each flow gets one', async () => {
    fetchMock.mockReturnValue(ok(null));
    pendingSignUp.hold(details);
    renderForm(null);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('OTP has been resent to your email')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/user/resend-otp');
  });

  it("shows the server's refusal and stays", async () => {
    fetchMock.mockReturnValue(
      Promise.resolve(
        new Response(JSON.stringify({ success: false, message: 'That code is not right.' }), {
          status: 400,
        }),
      ),
    );
    const router = renderForm('ada@example.com');
    await typeCode('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-otp');
  });
});

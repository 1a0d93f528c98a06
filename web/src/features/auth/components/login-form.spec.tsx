import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { session } from '@/lib/session';
import { hasAcknowledgedTerms } from '@/lib/terms-acknowledgement';
import { renderScreen } from '@/testing/render';

import { LoginForm } from './login-form';

const renderLogin = () => renderScreen('/login', <LoginForm />);

describe(LoginForm.name, () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  beforeEach(() => {
    session.clear();
    localStorage.clear();
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
  });

  it('shows SPEC messages for empty fields and sends nothing', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it("toasts the server's message when login fails", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Invalid email or password' }), {
        status: 401,
      }),
    );
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('holds the session and goes to the dashboard with a welcome toast on success', async () => {
    const user = { _id: 'u1', fullname: 'Ada Lovelace', email: 'ada@example.com' };
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ success: true, message: 'OK', data: { token: 't', refresh: 'r', user } }),
        { status: 200 },
      ),
    );
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Login successful! Welcome back!')).toBeTruthy();
    expect(session.getState()).toMatchObject({ token: 't', refresh: 'r', detail: user });
    expect(hasAcknowledgedTerms()).toBe(true);
  });
});

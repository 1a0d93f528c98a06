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
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
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

  it('says a refused email and password at the password field, not in a toast', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Invalid email or password' }), {
        status: 401,
      }),
    );
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const message = await screen.findByText('Invalid email or password');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(password);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(router.state.location.pathname).toBe('/login');
    // Typing again answers it.
    await userEvent.type(password, '2');
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('toasts what belongs to no field: a server that cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Failed to connect to server')).toBeTruthy();
    expect(document.querySelector('.Toastify__toast')?.textContent).toBe(
      'Failed to connect to server',
    );
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
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Login successful! Welcome back!')).toBeTruthy();
    expect(session.getState()).toMatchObject({ token: 't', refresh: 'r', detail: user });
    expect(hasAcknowledgedTerms()).toBe(true);
  });
});

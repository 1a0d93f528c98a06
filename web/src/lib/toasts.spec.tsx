import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';

import { toastOptions } from '@/app/provider';

import { followPage, NEWS_MS, notify, TOAST_LIMIT, toastsForTests } from './toasts';

let clock = 0;
/** The toasts shown and not leaving (jsdom never ends the exit animation that removes them). */
const onScreen = () =>
  Array.from(document.querySelectorAll('.Toastify__toast'))
    .filter((toast) => !/-exit\b/.test(toast.className))
    .map((toast) => toast.textContent);

/** Each toast once it is drawn (react-toastify draws after its own render). */
async function shows(...texts: string[]) {
  await waitFor(() => expect(onScreen()).toEqual(texts));
}

describe('notify', () => {
  beforeEach(() => {
    toastsForTests.reset();
    clock = 1_000_000;
    toastsForTests.setClock(() => clock);
    render(<ToastContainer {...toastOptions} />);
    followPage('/first');
  });

  it('keeps one toast per action: a retry replaces its error, and success replaces it too', async () => {
    act(() => {
      notify.error('Failed to resend OTP', { action: 'resend' });
    });
    await shows('Failed to resend OTP');
    act(() => {
      notify.error('Please wait 40 seconds.', { action: 'resend' });
    });
    await shows('Please wait 40 seconds.');
    act(() => {
      notify.success('OTP has been resent to your email', { action: 'resend' });
    });
    await shows('OTP has been resent to your email');
    expect(document.querySelector('.Toastify__toast--success')).not.toBeNull();
  });

  it('settles an action: its error goes when the action goes right', async () => {
    act(() => {
      notify.error('That went wrong', { action: 'save' });
    });
    await shows('That went wrong');
    act(() => notify.settle('save'));
    await shows();
  });

  it(`shows at most ${TOAST_LIMIT} at once`, async () => {
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) {
        notify.info(`news ${n}`);
      }
    });
    await waitFor(() => expect(onScreen()).toHaveLength(TOAST_LIMIT));
  });

  it('clears the toasts of the page left behind on a page change', async () => {
    act(() => {
      notify.error('Failed on the old page');
    });
    await shows('Failed on the old page');
    clock += NEWS_MS + 1;
    act(() => followPage('/second'));
    await shows();
  });

  it('takes along the news of the action that changed the page, once', async () => {
    act(() => {
      notify.error('Stale error');
    });
    await shows('Stale error');
    clock += NEWS_MS + 1;
    act(() => {
      notify.info('You have logged out.');
    });
    clock += 100;
    act(() => followPage('/login'));
    await shows('You have logged out.');
    // The next page change is not its news.
    clock += 2000;
    act(() => followPage('/sign-up'));
    await shows();
  });

  it('keeps the news through a redirect at once, not through a visit', async () => {
    act(() => {
      notify.success('Login successful! Welcome back!', { forNextPage: true });
    });
    act(() => followPage('/login-redirecting'));
    clock += 50;
    act(() => followPage('/dashboard', true));
    await shows('Login successful! Welcome back!');
    clock += 50;
    act(() => followPage('/profile'));
    await shows();
  });

  it('takes a toast raised for the next page along however long the page takes to load', async () => {
    act(() => {
      notify.success('Account created', { forNextPage: true });
    });
    clock += 10_000;
    act(() => followPage('/verify-otp'));
    await shows('Account created');
    expect(screen.getByText('Account created')).toBeTruthy();
  });

  it('does nothing when the path stays the same', async () => {
    act(() => {
      notify.error('Still here');
    });
    clock += NEWS_MS + 1;
    act(() => followPage('/first'));
    await shows('Still here');
  });
});

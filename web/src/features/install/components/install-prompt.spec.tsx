import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { InstallPrompt } from './install-prompt';

/** What Chromium dispatches when it would offer installing the app. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: jest.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe(InstallPrompt.name, () => {
  beforeEach(() => localStorage.clear());

  it('stays away until the browser offers installation', () => {
    render(<InstallPrompt />);
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).toBeNull();
  });

  it("asks in its own banner and hands over to the browser's prompt", async () => {
    render(<InstallPrompt />);
    const offer = offerInstall();
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('complementary', { name: 'Install the app' })).toBeNull();
  });

  it('remembers "Not now"', async () => {
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    unmount();
    render(<InstallPrompt />);
    offerInstall();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});

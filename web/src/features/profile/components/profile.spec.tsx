import { notifyManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { session, type SessionUser } from '@/lib/session';
import { signedInMember } from '@/testing/members';
import { renderScreen } from '@/testing/render';

import { formValues, genderFields, hasUnsavedChanges, Profile } from './profile';

beforeAll(() => {
  // jsdom has <dialog> but not its modal mode.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const member = (change: Partial<SessionUser> = {}): SessionUser => ({
  ...signedInMember.user,
  ...change,
});

describe(genderFields.name, () => {
  it('reads a listed gender, or none, as it is', () => {
    expect(genderFields('Female')).toEqual({ gender: 'Female', genderDescription: '' });
    expect(genderFields(null)).toEqual({ gender: '', genderDescription: '' });
    expect(genderFields('Prefer to self describe')).toEqual({
      gender: 'Prefer to self describe',
      genderDescription: '',
    });
  });

  it('reads a gender off the list as self-described, in the member’s words', () => {
    expect(genderFields('Non-binary')).toEqual({
      gender: 'Prefer to self describe',
      genderDescription: 'Non-binary',
    });
  });
});

describe(hasUnsavedChanges.name, () => {
  it('sees a change only where Save would send one', () => {
    const user = member({ occupation: 'Analyst' });
    const values = formValues(user);
    expect(hasUnsavedChanges(user, values)).toBe(false);
    expect(hasUnsavedChanges(user, { ...values, occupation: ' Analyst ' })).toBe(false);
    expect(hasUnsavedChanges(user, { ...values, occupation: 'Engineer' })).toBe(true);
    // Words typed for a choice that does not use them are not sent, so not a change.
    expect(hasUnsavedChanges(user, { ...values, genderDescription: 'typed' })).toBe(false);
  });
});

describe(Profile.name, () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  let stored: SessionUser;

  beforeEach(() => {
    localStorage.clear();
    stored = member();
    session.signIn({ ...signedInMember, user: stored });
    fetchMock.mockReset();
    fetchMock.mockImplementation((input, init) => {
      if (urlOf(input).endsWith('/users/edit-profile')) {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        const { genderDescription, ...rest } = body;
        // As the API does: a self-description is stored as the gender.
        const gender =
          body.gender === 'Prefer to self describe' && typeof genderDescription === 'string'
            ? genderDescription
            : body.gender;
        stored = { ...stored, ...rest, gender } as SessionUser;
      }
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: stored })));
    });
    global.fetch = fetchMock as typeof fetch;
  });

  const edit = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    return screen.getByRole('form', { name: 'Edit profile' });
  };

  it('shows the email once', async () => {
    renderScreen('/profile', <Profile />);
    await screen.findByRole('heading', { name: 'Personal Information' });
    expect(screen.getAllByText('ada@example.com')).toHaveLength(1);
  });

  it('opens a text field for a self-described gender and sends its words', async () => {
    renderScreen('/profile', <Profile />);
    const form = await edit();
    const words = () => within(form).queryByLabelText('Your gender, in your words');
    expect(words()).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Gender'), 'Prefer to self describe');
    await userEvent.type(words()!, 'Non-binary');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully!');
    const sent = fetchMock.mock.calls.find(([url]) => urlOf(url).endsWith('/users/edit-profile'));
    expect(JSON.parse(sent![1]!.body as string)).toMatchObject({
      gender: 'Prefer to self describe',
      genderDescription: 'Non-binary',
    });
    expect(screen.getByText('Non-binary')).toBeTruthy();
  });

  it('opens with a saved self-description in its field', async () => {
    stored = member({ gender: 'Agender' });
    session.setDetail(stored);
    renderScreen('/profile', <Profile />);
    const form = await edit();
    expect(within(form).getByLabelText<HTMLSelectElement>('Gender').value).toBe(
      'Prefer to self describe',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Your gender, in your words').value).toBe(
      'Agender',
    );
  });

  it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
    const router = renderScreen('/profile', <Profile />);
    const form = await edit();
    await userEvent.type(within(form).getByLabelText('Occupation'), 'Analyst');

    await act(() => router.navigate('/dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(within(form).getByLabelText<HTMLInputElement>('Occupation').value).toBe('Analyst');

    await act(() => router.navigate('/dashboard'));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave without saving' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('asks the browser before the tab closes with unsaved changes, and only then', async () => {
    renderScreen('/profile', <Profile />);
    const form = await edit();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(within(form).getByLabelText('Occupation'), 'Analyst');
    expect(unload()).toBe(true);
  });

  it('leaves at once without changes', async () => {
    const router = renderScreen('/profile', <Profile />);
    await edit();
    await act(() => router.navigate('/dashboard'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('loan notices on the profile', () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  let stored: SessionUser;
  let refuse: string | undefined;

  beforeEach(() => {
    localStorage.clear();
    stored = member();
    refuse = undefined;
    session.signIn({ ...signedInMember, user: stored });
    fetchMock.mockReset();
    fetchMock.mockImplementation((input, init) => {
      if (urlOf(input).endsWith('/users/edit-profile')) {
        if (refuse !== undefined) {
          return Promise.resolve(
            new Response(JSON.stringify({ success: false, message: refuse }), { status: 400 }),
          );
        }
        stored = { ...stored, ...(JSON.parse(init?.body as string) as Partial<SessionUser>) };
      }
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: stored })));
    });
    global.fetch = fetchMock as typeof fetch;
  });

  const box = () =>
    screen.findByRole<HTMLInputElement>('checkbox', { name: 'Send me loan notices' });
  const sentBodies = () =>
    fetchMock.mock.calls
      .filter(([url]) => urlOf(url).endsWith('/users/edit-profile'))
      .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

  it('shows notices on, and turns them off and on again at once, keeping the profile', async () => {
    renderScreen('/profile', <Profile />);
    expect(await screen.findByRole('heading', { name: 'Loan notices' })).toBeTruthy();
    expect((await box()).checked).toBe(true);

    await userEvent.click(await box());
    await screen.findByText('Loan notices are off.');
    expect((await box()).checked).toBe(false);
    expect(session.getState().detail?.loanNotices).toBe(false);
    expect(sentBodies()).toEqual([
      expect.objectContaining({ fullname: 'Ada Lovelace', phone: '+1 555', loanNotices: false }),
    ]);

    await userEvent.click(await box());
    await screen.findByText('Loan notices are on.');
    expect((await box()).checked).toBe(true);
  });

  it('keeps a choice made while the profile was still being read (the old answer lands late)', async () => {
    // The member's read, begun as the page opened, answers only after the save: with the
    // choice as it was before it.
    let answerRead: () => void = () => undefined;
    const before = stored;
    const save = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (!urlOf(input).endsWith('/users/me')) {
        return save(input, init);
      }
      return new Promise((resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
        answerRead = () => resolve(new Response(JSON.stringify({ success: true, data: before })));
      });
    });
    renderScreen('/profile', <Profile />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => urlOf(url).endsWith('/users/me'))).toBe(true),
    );
    await userEvent.click(await box());
    await screen.findByText('Loan notices are off.');
    await act(async () => {
      answerRead();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect((await box()).checked).toBe(false);
    expect(session.getState().detail?.loanNotices).toBe(false);
  });

  it('never shows the old choice between the save answering and the page holding its answer', async () => {
    renderScreen('/profile', <Profile />);
    expect((await box()).checked).toBe(true);
    // TanStack Query hands the saved member to the page on a timer, after the save's own
    // callbacks have run: hold those hand-overs, as a busy browser would, and look in between.
    const held: (() => void)[] = [];
    notifyManager.setScheduler((deliver) => held.push(deliver));
    try {
      await userEvent.click(await box());
      await screen.findByText('Loan notices are off.');
      expect((await box()).checked).toBe(false);
      await act(async () => {
        while (held.length > 0) {
          held.splice(0).forEach((deliver) => deliver());
          await Promise.resolve();
        }
      });
    } finally {
      notifyManager.setScheduler((deliver) => setTimeout(deliver, 0));
    }
    expect((await box()).checked).toBe(false);
    expect(session.getState().detail?.loanNotices).toBe(false);
  });

  it('keeps the choice as it was when saving fails, and says why', async () => {
    stored = member({ loanNotices: false });
    session.setDetail(stored);
    refuse = 'Please enter a valid phone number';
    renderScreen('/profile', <Profile />);
    await userEvent.click(await box());
    await screen.findByText('Please enter a valid phone number');
    expect((await box()).checked).toBe(false);
  });

  it('leaves Personal Information as SPEC has it', async () => {
    renderScreen('/profile', <Profile />);
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(personal).queryByRole('checkbox')).toBeNull();
    expect(within(personal).getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import { gettingStartedSteps, type MemberProgress } from '../getting-started';
import { GettingStarted } from './getting-started';

function renderList(progress: MemberProgress, onDismiss = jest.fn()) {
  render(
    <MemoryRouter>
      <GettingStarted steps={gettingStartedSteps(progress)} onDismiss={onDismiss} />
    </MemoryRouter>,
  );
  return { onDismiss, list: screen.getByRole('region', { name: 'Get started' }) };
}

describe(GettingStarted.name, () => {
  it('links each step to where it is done, and counts what is done', () => {
    const { list } = renderList({ profile: true, course: false, wallet: false, loans: true });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'Complete your profile (done)Add your gender, age range, occupation and location.',
        '/profile',
      ],
      ['Start a courseEnrol in an Academy course to learn the basics.', '/academy'],
      ['Connect a walletLink a browser wallet to borrow and lend.', '/microlending'],
      ['See loan requests (done)Browse what members are asking to borrow.', '/microlending'],
    ]);
    expect(within(list).getByText('2 of 4 done')).toBeTruthy();
    expect(within(list).getByRole('list').getAttribute('aria-busy')).toBe('false');
  });

  it('ticks nothing it does not know yet, and says it is checking', () => {
    const { list } = renderList({
      profile: false,
      course: undefined,
      wallet: undefined,
      loans: false,
    });
    expect(within(list).queryByText(/\(done\)/)).toBeNull();
    expect(within(list).getByText('Checking your progress…')).toBeTruthy();
    expect(within(list).getByRole('list').getAttribute('aria-busy')).toBe('true');
  });

  it('can be dismissed', async () => {
    const { onDismiss, list } = renderList({
      profile: false,
      course: false,
      wallet: false,
      loans: false,
    });
    await userEvent.click(within(list).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

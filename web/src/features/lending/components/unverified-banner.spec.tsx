import { render, screen } from '@testing-library/react';

import { UnverifiedBanner } from './unverified-banner';

const verified = { verified: true, reason: null };
const halted = {
  verified: false,
  reason: 'indexer halted: reorg deeper than finality at block 38',
};

describe(UnverifiedBanner.name, () => {
  it('shows nothing while every list is verified, or still loading', () => {
    const { container } = render(<UnverifiedBanner answers={[verified, undefined]} />);
    expect(container.innerHTML).toBe('');
  });

  it('says once, calmly, that loan status cannot be verified when any list says so', () => {
    render(<UnverifiedBanner answers={[verified, halted, halted]} />);
    const [banner, ...more] = screen.getAllByRole('status');
    expect(more).toEqual([]);
    expect(banner?.textContent).toContain("Loan status can't be verified on chain right now.");
    expect(banner?.textContent).toContain(
      "Figures may be out of date; we'll update them as soon as verification resumes.",
    );
    // The operator's reason is not for members, and an alert would interrupt them.
    expect(banner?.textContent).not.toContain('indexer');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

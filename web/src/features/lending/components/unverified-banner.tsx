import { Banner } from '@/components/ui/banner';

import type { Verification } from '../api/loan-requests';

/**
 * One calm banner for a lending screen while the API cannot vouch for loan status (its indexer is
 * halted or behind the chain): shown when any of the screen's list answers says so. The reason is
 * for operators; members are told what it means for them.
 */
export function UnverifiedBanner({ answers }: { answers: readonly (Verification | undefined)[] }) {
  if (!answers.some((verification) => verification?.verified === false)) {
    return null;
  }
  return (
    <Banner title="Loan status can't be verified on chain right now.">
      Figures may be out of date; we&apos;ll update them as soon as verification resumes.
    </Banner>
  );
}

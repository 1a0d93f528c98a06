import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { enrollmentsQueryOptions } from '@/features/academy/api/academy-reads';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { GettingStarted } from '@/features/dashboard/components/getting-started';
import {
  allDone,
  gettingStartedSteps,
  isProfileComplete,
} from '@/features/dashboard/getting-started';
import { walletsQueryOptions } from '@/features/lending/api/wallets';
import { useMe } from '@/features/profile/api/get-me';
import { closeGettingStarted, gettingStartedClosed, hasSeenLoanRequests } from '@/lib/first-run';
import { useUser } from '@/lib/session';

/**
 * The getting-started list, composed here from the features it reports on (features do not
 * import each other): the profile from GET /users/me, a course from the Academy's enrolments,
 * a wallet from GET /wallets, and the loan marketplace from this browser's record of a visit
 * (the server keeps none). Its state is not read again once the member finished or dismissed it.
 */
function useGettingStarted(userId: string) {
  const [closed, setClosed] = useState(() => gettingStartedClosed(userId));
  const open = closed === null && userId !== '';
  const me = useMe();
  const enrollments = useQuery({ ...enrollmentsQueryOptions(userId), enabled: open });
  const wallets = useQuery({ ...walletsQueryOptions(), enabled: open });
  const steps = gettingStartedSteps({
    profile: me.data === undefined ? undefined : isProfileComplete(me.data),
    course: enrollments.isSuccess ? enrollments.data.length > 0 : undefined,
    wallet: wallets.isSuccess ? wallets.data.length > 0 : undefined,
    loans: hasSeenLoanRequests(userId),
  });
  const done = allDone(steps);
  useEffect(() => {
    if (open && done) {
      closeGettingStarted(userId, 'done');
    }
  }, [open, done, userId]);
  const dismiss = () => {
    closeGettingStarted(userId, 'dismissed');
    setClosed('dismissed');
    // The button goes with the list: keep the keyboard in the page rather than on nothing.
    document.getElementById('main')?.focus();
  };
  return { show: open && !done, steps, dismiss };
}

export default function DashboardRoute() {
  const userId = useUser()?._id ?? '';
  const gettingStarted = useGettingStarted(userId);
  return (
    <Dashboard
      gettingStarted={
        gettingStarted.show && (
          <GettingStarted steps={gettingStarted.steps} onDismiss={gettingStarted.dismiss} />
        )
      }
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toasts';

import { ACADEMY_KEY } from './academy-reads';
import type { QuizResult } from './types';

/** SPEC §5 "Academy" and §8: the texts of the Academy's actions. */
export const ACADEMY_TEXTS = {
  enrollMissing: 'Unable to enroll. Missing user ID or course ID.',
  saveMissing: 'Unable to save/unsave. Missing user ID or course ID.',
  enrollmentMissing: 'Enrollment information not found',
  enrolled: 'Successfully enrolled in the course!',
  enrollFailed: 'Failed to enroll in the course',
  saved: 'Course saved!',
  unsaved: 'Course unsaved!',
  saveFailed: 'Failed to save/unsave course',
  unsaveFailed: 'Failed to unsave course',
  markedDone: 'Marked course outline as done',
  markDoneFailed: 'Failed to mark the outline as done',
  starFailed: 'Failed to star the course',
} as const;

/** After any change every Academy read is stale: cards, tabs and pages refresh without a reload. */
function useRefreshAcademy() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ACADEMY_KEY });
}

/** POST /academy/enroll; the server's message is shown (SPEC §8). */
export function useEnroll() {
  const userId = useUser()?._id ?? '';
  const refresh = useRefreshAcademy();
  return useMutation({
    mutationFn: async (courseId: string) => {
      if (userId === '' || courseId === '') {
        throw new Error(ACADEMY_TEXTS.enrollMissing);
      }
      return apiRequest<ApiSchemas['EnrollResult']>('/academy/enroll', {
        method: 'POST',
        auth: true,
        body: { userId, courseId },
        fallback: ACADEMY_TEXTS.enrollFailed,
      });
    },
    onSuccess: async (reply) => {
      notify.success(reply.message || ACADEMY_TEXTS.enrolled);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

interface SaveChange {
  courseId: string;
  save: boolean;
  /** The unsave badge on a card has its own failure text (SPEC §8 "unsave"). */
  from?: 'badge' | 'toggle';
}

/** POST /academy/save to save, DELETE to unsave. */
export function useSaveCourse() {
  const userId = useUser()?._id ?? '';
  const refresh = useRefreshAcademy();
  return useMutation({
    mutationFn: async ({ courseId, save, from = 'toggle' }: SaveChange) => {
      if (userId === '' || courseId === '') {
        throw new Error(ACADEMY_TEXTS.saveMissing);
      }
      return apiRequest<ApiSchemas['SavedCourse'] | ApiSchemas['UnsavedCourse']>('/academy/save', {
        method: save ? 'POST' : 'DELETE',
        auth: true,
        body: { userId, courseId },
        fallback: from === 'badge' ? ACADEMY_TEXTS.unsaveFailed : ACADEMY_TEXTS.saveFailed,
      });
    },
    onSuccess: async (reply, { save }) => {
      notify.success(reply.message || (save ? ACADEMY_TEXTS.saved : ACADEMY_TEXTS.unsaved));
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

/** POST /academy/star: stars an enrolment, or (`starred: false`) takes the star away. */
export function useStarEnrollment() {
  const refresh = useRefreshAcademy();
  return useMutation({
    mutationFn: async ({ enrollmentId, starred }: { enrollmentId: string; starred: boolean }) => {
      if (enrollmentId === '') {
        throw new Error(ACADEMY_TEXTS.enrollmentMissing);
      }
      return apiRequest<ApiSchemas['StarredEnrollment']>('/academy/star', {
        method: 'POST',
        auth: true,
        body: { enrollmentId, starred },
        fallback: ACADEMY_TEXTS.starFailed,
      });
    },
    onSuccess: async (reply) => {
      notify.success(reply.message);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

/** POST /academy/progress/module; the toast is the server's `data.message` (SPEC §7). */
export function useMarkModuleDone() {
  const refresh = useRefreshAcademy();
  return useMutation({
    mutationFn: async ({ enrollmentId, moduleId }: { enrollmentId: string; moduleId: string }) => {
      if (enrollmentId === '') {
        throw new Error(ACADEMY_TEXTS.enrollmentMissing);
      }
      return apiRequest<ApiSchemas['ModuleDone']>('/academy/progress/module', {
        method: 'POST',
        auth: true,
        body: { enrollmentId, moduleId },
        fallback: ACADEMY_TEXTS.markDoneFailed,
      });
    },
    onSuccess: async (reply) => {
      notify.success(reply.data.message ?? ACADEMY_TEXTS.markedDone);
      await refresh();
    },
    onError: (error) => notify.error(error.message),
  });
}

/**
 * POST /academy/progress/quiz with the member's answers: the server grades them and its score is
 * the one shown. A failure is only logged (SPEC §8 "Silent failures"); the caller falls back.
 */
export function useSubmitQuiz() {
  const refresh = useRefreshAcademy();
  return useMutation({
    mutationFn: async (attempt: { enrollmentId: string; moduleId: string; answers: number[] }) =>
      (
        await apiRequest<QuizResult>('/academy/progress/quiz', {
          method: 'POST',
          auth: true,
          body: attempt,
          fallback: 'Failed to submit the quiz',
        })
      ).data,
    onSuccess: () => refresh(),
    onError: (error) => console.error('The quiz result was not recorded:', error),
  });
}

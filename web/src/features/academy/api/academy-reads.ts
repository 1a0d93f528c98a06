import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api-client';
import { useUser } from '@/lib/session';

import type { Catalogue, CourseDetail, Enrollment, SavedCourse } from './types';

/** A 4xx answer to a course read means there is no such course (for this member). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Every Academy read sits under this key, so one invalidation after a change refreshes them all. */
export const ACADEMY_KEY = ['academy'] as const;

const get = async <T>(path: string, signal: AbortSignal) =>
  (await apiRequest<T>(path, { auth: true, fallback: 'Failed to load the Academy', signal })).data;

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'catalogue'],
    queryFn: ({ signal }) => get<Catalogue>('/academy/feed', signal),
  });

export const savedCoursesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'saved', userId],
    queryFn: ({ signal }) => get<SavedCourse[]>(`/academy/saved/${userId}`, signal),
  });

export const enrollmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'enrolled', userId],
    queryFn: ({ signal }) => get<Enrollment[]>(`/academy/enrolled/${userId}`, signal),
  });

export const courseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'course', courseId],
    queryFn: ({ signal }) =>
      get<CourseDetail>(`/academy/courses/${encodeURIComponent(courseId)}`, signal),
  });

/** SPEC §7: the answer is a list and its first item is the enrolment; null when not enrolled. */
export const enrollmentDetailsQueryOptions = (userId: string, courseId: string) =>
  queryOptions({
    queryKey: [...ACADEMY_KEY, 'enrollment', userId, courseId],
    queryFn: async ({ signal }) => {
      const list = await get<Enrollment<CourseDetail>[]>(
        `/academy/enrolled/details/${userId}/${encodeURIComponent(courseId)}`,
        signal,
      );
      return list[0] ?? null;
    },
  });

/** SPEC §6: Academy calls are skipped while there is no signed-in member id. */
function useMemberId(): string {
  return useUser()?._id ?? '';
}

export function useCatalogue() {
  const userId = useMemberId();
  return useQuery({ ...catalogueQueryOptions(), enabled: userId !== '' });
}

export function useSavedCourses() {
  const userId = useMemberId();
  return useQuery({ ...savedCoursesQueryOptions(userId), enabled: userId !== '' });
}

export function useEnrollments() {
  const userId = useMemberId();
  return useQuery({ ...enrollmentsQueryOptions(userId), enabled: userId !== '' });
}

export function useCourse(courseId: string) {
  const userId = useMemberId();
  return useQuery({ ...courseQueryOptions(courseId), enabled: userId !== '' && courseId !== '' });
}

export function useEnrollmentDetails(courseId: string) {
  const userId = useMemberId();
  return useQuery({
    ...enrollmentDetailsQueryOptions(userId, courseId),
    enabled: userId !== '' && courseId !== '',
  });
}

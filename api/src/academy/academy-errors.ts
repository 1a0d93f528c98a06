import { HttpStatus } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** The Academy's refusals; texts are SPEC §8's where it has one. */
export const academyErrors = {
  courseNotFound: () =>
    new DomainError(
      'ACADEMY.COURSE_NOT_FOUND',
      'Course not found or may have been removed.',
      HttpStatus.NOT_FOUND,
    ),
  notEnrolled: () =>
    new DomainError(
      'ACADEMY.NOT_ENROLLED',
      'You are not enrolled in this course or it may have been removed.',
      HttpStatus.NOT_FOUND,
    ),
  enrollmentNotFound: () =>
    new DomainError(
      'ACADEMY.ENROLLMENT_NOT_FOUND',
      'Enrollment information not found',
      HttpStatus.NOT_FOUND,
    ),
  moduleNotFound: () =>
    new DomainError(
      'ACADEMY.MODULE_NOT_FOUND',
      'This module is not part of the course.',
      HttpStatus.NOT_FOUND,
    ),
  /** A member id in a path or body that is not the caller's. */
  notYours: () =>
    new DomainError(
      'ACADEMY.NOT_YOURS',
      'You can only see and change your own courses.',
      HttpStatus.FORBIDDEN,
    ),
  answersDoNotFit: (questions: number) =>
    new DomainError(
      'ACADEMY.QUIZ_ANSWERS_INVALID',
      `This quiz has ${questions} questions: send one answer (a choice's index) for each.`,
    ),
  noQuiz: () =>
    new DomainError('ACADEMY.NO_QUIZ', 'This module has no quiz.', HttpStatus.NOT_FOUND),
};

/** Refuses a member id that is not the caller's (SPEC's calls name the user in paths and bodies). */
export function assertSelf(callerId: string, userId: string): void {
  if (callerId !== userId) {
    throw academyErrors.notYours();
  }
}

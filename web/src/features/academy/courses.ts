import type { CourseModule, ModuleProgress, QuizQuestion } from './api/types';

/**
 * SPEC §2: "the category segment is the category title in lower case with spaces replaced by
 * hyphens" (so 'Stablecoins & Networks' is `stablecoins-&-networks`). The segment only names the
 * category for people; the course id finds the course.
 */
export function categorySlug(title: string): string {
  return title.toLowerCase().replace(/ /g, '-');
}

/** A path segment; '&' is a legal path character and stays readable ('stablecoins-&-networks'). */
const segment = (value: string) => encodeURIComponent(value).replace(/%26/g, '&');

/** The Academy's routes (SPEC §2), built in one place. */
export const academyPaths = {
  course: (category: string, courseId: string) =>
    `/courses/${segment(categorySlug(category))}/${segment(courseId)}`,
  enrolled: (category: string, courseId: string) =>
    `/courses/enrolled/${segment(categorySlug(category))}/${segment(courseId)}`,
  outline: (category: string, courseId: string, outlineId: string) =>
    `/courses/enrolled/outline/${segment(categorySlug(category))}/${segment(courseId)}/${segment(outlineId)}`,
  quiz: (courseId: string, moduleId: string) =>
    `/courses/quiz/${segment(courseId)}/${segment(moduleId)}`,
} as const;

/** SPEC §9: a quiz is passed at 70 percent. */
export const QUIZ_PASS_MARK = 70;

/** SPEC §5: the score is the rounded percentage of correct answers. */
export function scoreOf(questions: readonly QuizQuestion[], answers: readonly number[]): number {
  if (questions.length === 0) {
    return 0;
  }
  const correct = questions.filter(
    (question, index) => answers[index] === question.correct_answer_index,
  ).length;
  return Math.round((correct / questions.length) * 100);
}

/** A module's progress item, or "not started" when the list does not name it. */
export function progressOf(
  moduleProgress: readonly ModuleProgress[],
  module: Pick<CourseModule, '_id'>,
): ModuleProgress {
  return (
    moduleProgress.find((item) => item.moduleId === module._id) ?? {
      moduleId: module._id,
      completed: false,
      quizCompleted: false,
      quizScore: null,
    }
  );
}

/** "1,234 members" in the member's locale. */
export function membersLabel(members: number): string {
  return `${members.toLocaleString()} ${members === 1 ? 'member' : 'members'}`;
}

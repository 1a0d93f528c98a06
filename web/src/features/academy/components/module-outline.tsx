import { Link, useNavigate } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

import { useMarkModuleDone } from '../api/academy-actions';
import type { CourseDetail, Enrollment, Section } from '../api/types';
import { academyPaths } from '../courses';
import styles from './academy.module.css';
import { BackLink } from './course-header';
import { EnrollmentGate } from './enrollment-gate';
import { EmptyState, StateCard } from '@/components/ui/page-state';
import { apiFileUrl } from '@/lib/api-client';

/**
 * /courses/enrolled/outline/{category}/{courseId}/{outlineId} (SPEC §2 "Module outline page"):
 * the module's sections set for reading; 'Mark as done' while it is not completed, which returns
 * the member to the enrolled course.
 */
export function ModuleOutline({ courseId, outlineId }: { courseId: string; outlineId: string }) {
  return (
    <EnrollmentGate
      courseId={courseId}
      loading={
        <div className={styles.reading}>
          <Skeleton height={20} width={140} />
          <Skeleton height={40} width="70%" />
          <Skeleton height={320} />
        </div>
      }
      errorText="Failed to load course details. Please try again."
    >
      {(enrollment) => <OutlinePage enrollment={enrollment} outlineId={outlineId} />}
    </EnrollmentGate>
  );
}

function OutlinePage({
  enrollment,
  outlineId,
}: {
  enrollment: Enrollment<CourseDetail>;
  outlineId: string;
}) {
  const markDone = useMarkModuleDone();
  const navigate = useNavigate();
  const { course } = enrollment;
  const coursePath = academyPaths.enrolled(course.category.title, course.courseId);
  const position = course.modules.findIndex((module) => module._id === outlineId);
  const module = course.modules[position];
  if (module === undefined) {
    return (
      <>
        <BackLink to={coursePath}>Back to course</BackLink>
        <EmptyState message="This module is not part of the course." />
      </>
    );
  }

  return (
    <article className={styles.reading}>
      <BackLink to={coursePath}>Back to course</BackLink>
      <header className={styles.readingHeader}>
        <p className={styles.category}>
          {course.title} · Module {position + 1} of {course.modules.length}
        </p>
        <h1 className={styles.pageTitle}>{module.title}</h1>
        {module.completed && <Badge tone="completed">Completed</Badge>}
      </header>
      {module.sections.length === 0 ? (
        <p>Course outline will be available soon.</p>
      ) : (
        <div className={styles.prose}>
          {module.sections.map((section, index) => (
            <OutlineSection key={index} section={section} />
          ))}
        </div>
      )}
      <StateCard>
        {module.completed ? (
          <>
            <p>You have finished this module.</p>
            <div className={styles.courseActions}>
              {module.quiz.length > 0 && (
                <Link
                  to={academyPaths.quiz(course.courseId, module._id)}
                  className={buttonClassName('primary')}
                >
                  {module.quizCompleted ? 'See your quiz result' : 'Take the quiz'}
                </Link>
              )}
              <Link to={coursePath} className={buttonClassName('secondary')}>
                Back to course
              </Link>
            </div>
          </>
        ) : (
          <Button
            onClick={() =>
              markDone.mutate(
                { enrollmentId: enrollment.enrollmentId, moduleId: module._id },
                { onSuccess: () => void navigate(coursePath) },
              )
            }
            busy={markDone.isPending}
            busyText="Saving..."
          >
            Mark as done
          </Button>
        )}
      </StateCard>
    </article>
  );
}

/** SPEC §3: an image, a subheading, or a paragraph (any other type is shown as text). */
function OutlineSection({ section }: { section: Section }) {
  switch (section.type) {
    case 'image':
      // The Academy's section figures are drawn at 1200×600: the space is kept while they load.
      return (
        <figure className={styles.figure}>
          <img src={apiFileUrl(section.url)} alt="" width={1200} height={600} loading="lazy" />
          <figcaption>{section.content}</figcaption>
        </figure>
      );
    case 'subheading':
      return <h2>{section.content}</h2>;
    default:
      return <p>{section.content}</p>;
  }
}

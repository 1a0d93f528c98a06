import { useSearchParams } from 'react-router-dom';

import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';

import { useCatalogue, useEnrollments, useSavedCourses } from '../api/academy-reads';
import { academyPaths } from '../courses';
import { CourseGrid } from './course-grid';
import { QuizList } from './quiz-list';

const TABS = [
  { key: 'courses', label: 'Courses' },
  { key: 'saved', label: 'Saved' },
  { key: 'enrolled', label: 'Enrolled' },
  { key: 'quizzes', label: 'Quizzes' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);

/** /academy (SPEC §2): four tabs, Courses first; the chosen tab is in the URL, so Back returns. */
export function Academy() {
  const [search, setSearch] = useSearchParams();
  const param = search.get('tab');
  const tab: TabKey = isTab(param) ? param : 'courses';
  const select = (key: TabKey) => setSearch(key === 'courses' ? {} : { tab: key });
  const browse = (
    <Button variant="secondary" onClick={() => select('courses')}>
      Browse courses
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Academy"
        subtitle="Learn crypto, stablecoins and safe lending, one module at a time"
      />
      <Tabs label="Academy" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'courses' && <TrendingCourses />}
        {tab === 'saved' && <SavedCourses browse={browse} />}
        {tab === 'enrolled' && <EnrolledCourses browse={browse} />}
        {tab === 'quizzes' && <QuizList onBrowse={() => select('courses')} />}
      </Tabs>
    </>
  );
}

const catalogueLink = (course: { category: { title: string }; courseId: string }) =>
  academyPaths.course(course.category.title, course.courseId);

function TrendingCourses() {
  const catalogue = useCatalogue();
  return (
    <CourseGrid
      heading="Trending Courses"
      courses={catalogue.data?.trending}
      status={catalogue.status}
      onRetry={() => void catalogue.refetch()}
      skeletons={8}
      errorText="Failed to load courses. Please try again."
      emptyText="No trending courses available at the moment."
      linkOf={catalogueLink}
    />
  );
}

function SavedCourses({ browse }: { browse: React.ReactNode }) {
  const saved = useSavedCourses();
  return (
    <CourseGrid
      heading="Saved Courses"
      courses={saved.data?.map((item) => item.course)}
      status={saved.status}
      onRetry={() => void saved.refetch()}
      skeletons={4}
      errorText="Failed to load saved courses. Please try again."
      emptyText="You haven't saved any courses yet."
      emptyAction={browse}
      linkOf={(course) =>
        course.isEnrolled
          ? academyPaths.enrolled(course.category.title, course.courseId)
          : catalogueLink(course)
      }
    />
  );
}

function EnrolledCourses({ browse }: { browse: React.ReactNode }) {
  const enrollments = useEnrollments();
  return (
    <CourseGrid
      heading="Enrolled Courses"
      courses={enrollments.data?.map((enrollment) => enrollment.course)}
      status={enrollments.status}
      onRetry={() => void enrollments.refetch()}
      skeletons={4}
      errorText="Failed to load enrolled courses. Please try again."
      emptyText="You haven't enrolled in any courses yet."
      emptyAction={browse}
      linkOf={(course) => academyPaths.enrolled(course.category.title, course.courseId)}
    />
  );
}

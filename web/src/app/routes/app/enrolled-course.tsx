import { useParams } from 'react-router-dom';

import { EnrolledCourse } from '@/features/academy/components/enrolled-course';

export default function EnrolledCourseRoute() {
  const { courseId = '' } = useParams();
  return <EnrolledCourse key={courseId} courseId={courseId} />;
}

import { useParams } from 'react-router-dom';

import { CourseDetail } from '@/features/academy/components/course-detail';

export default function CourseRoute() {
  const { courseId = '' } = useParams();
  return <CourseDetail key={courseId} courseId={courseId} />;
}

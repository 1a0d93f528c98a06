import { useParams } from 'react-router-dom';

import { Quiz } from '@/features/academy/components/quiz';

export default function QuizRoute() {
  const { courseId = '', moduleId = '' } = useParams();
  return <Quiz key={`${courseId}/${moduleId}`} courseId={courseId} moduleId={moduleId} />;
}

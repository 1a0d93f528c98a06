import { useParams } from 'react-router-dom';

import { ModuleOutline } from '@/features/academy/components/module-outline';

export default function ModuleOutlineRoute() {
  const { courseId = '', outlineId = '' } = useParams();
  return (
    <ModuleOutline key={`${courseId}/${outlineId}`} courseId={courseId} outlineId={outlineId} />
  );
}

import { generatePath } from 'react-router-dom';

import { paths } from '@/config/paths';

import { documentTitle, routeTitle } from './route-titles';

describe(routeTitle.name, () => {
  it('names every route of the client (the root only redirects)', () => {
    const untitled = Object.entries(paths)
      .filter(([name]) => name !== 'root')
      .map(([name, pattern]) => [
        name,
        generatePath(pattern, {
          category: 'money',
          courseId: 'c1',
          outlineId: 'm1',
          moduleId: 'm1',
        }),
      ])
      .filter(([, path]) => routeTitle(path!).title === 'Page not found');
    expect(untitled).toEqual([]);
  });

  it('tells the course pages apart, and names an unknown address', () => {
    expect(routeTitle('/courses/enrolled/outline/money/c1/m1').title).toBe('Module');
    expect(routeTitle('/courses/quiz/c1/m1').title).toBe('Quiz');
    expect(routeTitle('/courses/money/c1')).toEqual({ title: 'Course', fromHeading: true });
    expect(routeTitle('/nowhere').title).toBe('Page not found');
    expect(documentTitle(routeTitle('/microlending').title)).toBe('Micro Lending · LendPath');
  });
});

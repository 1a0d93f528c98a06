import { academyPaths, categorySlug, progressOf } from './courses';

describe('the Academy’s addresses (SPEC §2)', () => {
  it('makes the category segment from the title: lower case, spaces as hyphens', () => {
    expect(categorySlug('Crypto Basics')).toBe('crypto-basics');
    expect(categorySlug('Stablecoins & Networks')).toBe('stablecoins-&-networks');
  });

  it('builds each course route, keeping "&" readable and escaping what would break a path', () => {
    expect(academyPaths.course('Stablecoins & Networks', 'c1')).toBe(
      '/courses/stablecoins-&-networks/c1',
    );
    expect(academyPaths.enrolled('Crypto Basics', 'c1')).toBe('/courses/enrolled/crypto-basics/c1');
    expect(academyPaths.outline('Crypto Basics', 'c1', 'm2')).toBe(
      '/courses/enrolled/outline/crypto-basics/c1/m2',
    );
    expect(academyPaths.quiz('c1', 'm2')).toBe('/courses/quiz/c1/m2');
    expect(academyPaths.course('Odd/Title?', 'c#1')).toBe('/courses/odd%2Ftitle%3F/c%231');
  });
});

describe(progressOf.name, () => {
  it('reads a module’s progress, or not started when the list does not name it', () => {
    const done = { moduleId: 'm1', completed: true, quizCompleted: true, quizScore: 80 };
    expect(progressOf([done], { _id: 'm1' })).toBe(done);
    expect(progressOf([done], { _id: 'm2' })).toEqual({
      moduleId: 'm2',
      completed: false,
      quizCompleted: false,
      quizScore: null,
    });
  });
});

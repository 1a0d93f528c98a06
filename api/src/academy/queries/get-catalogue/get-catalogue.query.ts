import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { AcademyReads } from '../../academy-reads';
import type { CourseSummaryView } from '../../academy-views';

/** How many courses the 'Trending Courses' row shows. */
export const TRENDING_COUNT = 8;

/**
 * A course card of the catalogue: SPEC §3 "Course card" (and `_id`, which the web keys its
 * cards by). Every course is in the answer twice (trending and its group), so what SPEC does not
 * ask of a card and the web does not read stays out: the module count, the enrolment id and the
 * category's id and slug (the card shows the category's title, the group names its id).
 */
export type CatalogueCourseView = Omit<
  CourseSummaryView,
  'moduleCount' | 'enrollmentId' | 'category'
> & { category: { title: string } };

/** SPEC §3 "Catalogue response data". */
export interface Catalogue {
  /** The most joined courses, best rated first among equals. */
  trending: CatalogueCourseView[];
  byCategory: { categoryId: string; categoryName: string; courses: CatalogueCourseView[] }[];
}

export class GetCatalogueQuery extends Query<Catalogue> {
  constructor(readonly callerId: string) {
    super();
  }
}

@QueryHandler(GetCatalogueQuery)
export class GetCatalogueHandler implements IQueryHandler<GetCatalogueQuery> {
  constructor(private readonly reads: AcademyReads) {}

  /** One read of every course; trending and the groups are two views of it. */
  async execute({ callerId }: GetCatalogueQuery): Promise<Catalogue> {
    const summaries = await this.reads.courses(callerId);
    const courses = summaries.map(toCard);
    const trending = [...courses]
      .sort((a, b) => b.members - a.members || b.rating - a.rating)
      .slice(0, TRENDING_COUNT);
    const byCategory: Catalogue['byCategory'] = [];
    for (const [i, course] of courses.entries()) {
      const category = summaries[i]!.category;
      const group = byCategory.at(-1);
      if (group?.categoryId === category._id) {
        group.courses.push(course);
      } else {
        byCategory.push({
          categoryId: category._id,
          categoryName: category.title,
          courses: [course],
        });
      }
    }
    return { trending, byCategory };
  }
}

function toCard(course: CourseSummaryView): CatalogueCourseView {
  return {
    _id: course._id,
    courseId: course.courseId,
    title: course.title,
    description: course.description,
    rating: course.rating,
    coverImage: course.coverImage,
    category: { title: course.category.title },
    members: course.members,
    isEnrolled: course.isEnrolled,
    isSaved: course.isSaved,
    isStarred: course.isStarred,
    progress: course.progress,
  };
}

import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { AcademyReads } from '../../academy-reads';
import type { CourseSummaryView } from '../../academy-views';

/** How many courses the 'Trending Courses' row shows. */
export const TRENDING_COUNT = 8;

/** SPEC §3 "Catalogue response data". */
export interface Catalogue {
  /** The most joined courses, best rated first among equals. */
  trending: CourseSummaryView[];
  byCategory: { categoryId: string; categoryName: string; courses: CourseSummaryView[] }[];
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
    const courses = await this.reads.courses(callerId);
    const trending = [...courses]
      .sort((a, b) => b.members - a.members || b.rating - a.rating)
      .slice(0, TRENDING_COUNT);
    const byCategory: Catalogue['byCategory'] = [];
    for (const course of courses) {
      const group = byCategory.at(-1);
      if (group?.categoryId === course.category._id) {
        group.courses.push(course);
      } else {
        byCategory.push({
          categoryId: course.category._id,
          categoryName: course.category.title,
          courses: [course],
        });
      }
    }
    return { trending, byCategory };
  }
}

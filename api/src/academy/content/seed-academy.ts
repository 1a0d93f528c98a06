import type { EntityManager } from 'typeorm';

import type { SeedCategory, SeedCourse } from './types';

/**
 * Loads the Academy's content, keyed by slug: new rows are added, existing ones updated in place
 * (ids, and so members' enrolments and progress, survive), and modules dropped from a course are
 * removed. Running it twice changes nothing.
 */
export async function seedAcademy(
  manager: EntityManager,
  categories: readonly SeedCategory[],
  courses: readonly SeedCourse[],
): Promise<void> {
  const categoryIds = new Map<string, string>();
  for (const [position, category] of categories.entries()) {
    const [row] = await manager.query<{ id: string }[]>(
      `INSERT INTO app.academy_categories (slug, title, position) VALUES ($1, $2, $3)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, position = EXCLUDED.position
       RETURNING id`,
      [category.slug, category.title, position],
    );
    categoryIds.set(category.slug, row!.id);
  }
  for (const [position, course] of courses.entries()) {
    const categoryId = categoryIds.get(course.categorySlug);
    if (categoryId === undefined) {
      throw new Error(`course ${course.slug}: no category ${course.categorySlug}`);
    }
    const [row] = await manager.query<{ id: string }[]>(
      `INSERT INTO app.courses
         (slug, category_id, title, description, overview, rating, cover_image, position,
          module_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (slug) DO UPDATE SET
         category_id = EXCLUDED.category_id, title = EXCLUDED.title,
         description = EXCLUDED.description, overview = EXCLUDED.overview,
         rating = EXCLUDED.rating, cover_image = EXCLUDED.cover_image,
         position = EXCLUDED.position, module_count = EXCLUDED.module_count, updated_at = now()
       RETURNING id`,
      [
        course.slug,
        categoryId,
        course.title,
        course.description,
        course.overview,
        course.rating,
        course.coverImage,
        position,
        course.modules.length,
      ],
    );
    const courseId = row!.id;
    for (const [modulePosition, module] of course.modules.entries()) {
      await manager.query(
        `INSERT INTO app.course_modules (course_id, slug, position, title, sections, quiz)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)
         ON CONFLICT (course_id, slug) DO UPDATE SET
           position = EXCLUDED.position, title = EXCLUDED.title,
           sections = EXCLUDED.sections, quiz = EXCLUDED.quiz`,
        [
          courseId,
          module.slug,
          modulePosition,
          module.title,
          JSON.stringify(module.sections),
          JSON.stringify(module.quiz),
        ],
      );
    }
    await manager.query(
      `DELETE FROM app.course_modules WHERE course_id = $1 AND NOT (slug = ANY($2::text[]))`,
      [courseId, course.modules.map((module) => module.slug)],
    );
  }
}

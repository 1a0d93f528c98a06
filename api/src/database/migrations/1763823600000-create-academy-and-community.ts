import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Academy (categories, courses and their modules, enrolments with per-module progress, saved
 * courses) and the community (categories, posts, reports). Course content is seeded, keyed by
 * `slug`; members' rows cascade away with the member.
 */
export class CreateAcademyAndCommunity1763823600000 implements MigrationInterface {
  name = 'CreateAcademyAndCommunity1763823600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "app"."academy_categories" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "slug" text NOT NULL,
        "title" text NOT NULL,
        "position" integer NOT NULL,
        CONSTRAINT "academy_categories_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "academy_categories_slug_key" UNIQUE ("slug")
      )`);
    await queryRunner.query(`
      CREATE TABLE "app"."courses" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "slug" text NOT NULL,
        "category_id" uuid NOT NULL,
        "title" text NOT NULL,
        "description" text NOT NULL,
        "overview" text NOT NULL,
        "rating" numeric(2, 1) NOT NULL,
        "cover_image" text NOT NULL,
        "position" integer NOT NULL,
        -- Kept by the enrol command in the same transaction as the enrolment: every card shows it.
        "members_count" integer NOT NULL DEFAULT 0,
        -- Kept by the seed with the modules: progress is completed modules / modules.
        "module_count" integer NOT NULL DEFAULT 0,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "courses_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "courses_slug_key" UNIQUE ("slug"),
        CONSTRAINT "courses_rating_range" CHECK ("rating" BETWEEN 0 AND 5),
        CONSTRAINT "courses_members_count_not_negative" CHECK ("members_count" >= 0),
        CONSTRAINT "courses_category_id_fkey" FOREIGN KEY ("category_id")
          REFERENCES "app"."academy_categories"("id") ON DELETE RESTRICT
      )`);
    await queryRunner.query(
      `CREATE INDEX "courses_category_id" ON "app"."courses" ("category_id", "position")`,
    );
    await queryRunner.query(`
      CREATE TABLE "app"."course_modules" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "slug" text NOT NULL,
        "position" integer NOT NULL,
        "title" text NOT NULL,
        "sections" jsonb NOT NULL,
        "quiz" jsonb NOT NULL,
        CONSTRAINT "course_modules_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "course_modules_course_id_slug_key" UNIQUE ("course_id", "slug"),
        CONSTRAINT "course_modules_course_id_fkey" FOREIGN KEY ("course_id")
          REFERENCES "app"."courses"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "app"."enrollments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "starred_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "enrollments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "enrollments_user_id_course_id_key" UNIQUE ("user_id", "course_id"),
        CONSTRAINT "enrollments_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE,
        CONSTRAINT "enrollments_course_id_fkey" FOREIGN KEY ("course_id")
          REFERENCES "app"."courses"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "enrollments_course_id" ON "app"."enrollments" ("course_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "app"."module_progress" (
        "enrollment_id" uuid NOT NULL,
        "module_id" uuid NOT NULL,
        "completed_at" TIMESTAMP WITH TIME ZONE,
        -- The best score of any attempt (SPEC: unlimited retries).
        "quiz_score" smallint,
        "quiz_attempts" integer NOT NULL DEFAULT 0,
        "quiz_completed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "module_progress_pkey" PRIMARY KEY ("enrollment_id", "module_id"),
        CONSTRAINT "module_progress_quiz_score_range" CHECK ("quiz_score" BETWEEN 0 AND 100),
        CONSTRAINT "module_progress_enrollment_id_fkey" FOREIGN KEY ("enrollment_id")
          REFERENCES "app"."enrollments"("id") ON DELETE CASCADE,
        CONSTRAINT "module_progress_module_id_fkey" FOREIGN KEY ("module_id")
          REFERENCES "app"."course_modules"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "app"."saved_courses" (
        "user_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "saved_courses_pkey" PRIMARY KEY ("user_id", "course_id"),
        CONSTRAINT "saved_courses_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE,
        CONSTRAINT "saved_courses_course_id_fkey" FOREIGN KEY ("course_id")
          REFERENCES "app"."courses"("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "app"."community_categories" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "slug" text NOT NULL,
        "title" text NOT NULL,
        "position" integer NOT NULL,
        CONSTRAINT "community_categories_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "community_categories_slug_key" UNIQUE ("slug")
      )`);
    await queryRunner.query(`
      CREATE TABLE "app"."posts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "category_id" uuid NOT NULL,
        "content" text NOT NULL,
        "media_path" text,
        -- Set for seeded welcome posts only, so seeding again finds them.
        "seed_slug" text,
        "report_count" integer NOT NULL DEFAULT 0,
        -- Set once enough different members reported the post; only its author still sees it.
        "hidden_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "posts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "posts_seed_slug_key" UNIQUE ("seed_slug"),
        CONSTRAINT "posts_content_length" CHECK (char_length("content") BETWEEN 1 AND 5000),
        CONSTRAINT "posts_user_id_fkey" FOREIGN KEY ("user_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE,
        CONSTRAINT "posts_category_id_fkey" FOREIGN KEY ("category_id")
          REFERENCES "app"."community_categories"("id") ON DELETE RESTRICT
      )`);
    // The feed: one category, newest first, with a stable order for equal times.
    await queryRunner.query(
      `CREATE INDEX "posts_feed" ON "app"."posts" ("category_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "app"."post_reports" (
        "post_id" uuid NOT NULL,
        "reporter_id" uuid NOT NULL,
        "reason" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "post_reports_pkey" PRIMARY KEY ("post_id", "reporter_id"),
        CONSTRAINT "post_reports_reason_length" CHECK (char_length("reason") <= 500),
        CONSTRAINT "post_reports_post_id_fkey" FOREIGN KEY ("post_id")
          REFERENCES "app"."posts"("id") ON DELETE CASCADE,
        CONSTRAINT "post_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id")
          REFERENCES "app"."users"("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'post_reports',
      'posts',
      'community_categories',
      'saved_courses',
      'module_progress',
      'enrollments',
      'course_modules',
      'courses',
      'academy_categories',
    ]) {
      await queryRunner.query(`DROP TABLE "app"."${table}"`);
    }
  }
}

/**
 * The data of api/bench/http.ts: the seed plus a realistic crowd, in bulk, the same every run.
 */
import type pg from 'pg';

import { round } from '@lendpath/test-kit/bench/figures';

const LOAD = {
  members: 2_000,
  posts: 5_000,
  busiestCategoryPosts: 2_400,
  reportedPosts: 100,
  /** Members with a linked wallet, and loans on chain between them. */
  walletMembers: 1_500,
  loans: 3_000,
};
/** The chain of api/test/fixtures/deployment.json, which the bench's API runs with. */
const CHAIN_ID = 31337;
/** api/src/community/post-view.ts REPORTS_TO_HIDE: reports from this many members hide a post. */
const REPORTS_TO_HIDE = 3;

/** The seed's content plus a realistic crowd, in bulk; the same every run (setseed). */
export async function load(db: pg.Client) {
  const started = performance.now();
  const { members, posts, busiestCategoryPosts, reportedPosts, walletMembers, loans } = LOAD;
  await db.query('BEGIN');
  await db.query('SELECT setseed(0.42)');
  await db.query(
    `INSERT INTO app.users (email, phone, fullname, password_hash, email_verified_at, created_at)
     SELECT format('member-%s@bench.lendpath.test', i), format('+1 555 %s', lpad(i::text, 7, '0')),
            format('Bench Member %s', i), 'not-a-password-hash', now(),
            now() - make_interval(days => i % 365)
     FROM generate_series(1, $1::int) AS i`,
    [members],
  );
  await db.query(
    `CREATE TEMP TABLE bench_members ON COMMIT DROP AS
     SELECT id, row_number() OVER (ORDER BY email)::int AS n
     FROM app.users WHERE email LIKE '%@bench.lendpath.test'`,
  );
  await db.query(
    `CREATE TEMP TABLE bench_courses ON COMMIT DROP AS
     SELECT c.id, c.module_count,
            (row_number() OVER (ORDER BY cat.position, c.position) - 1)::int AS k
     FROM app.courses c JOIN app.academy_categories cat ON cat.id = c.category_id`,
  );
  await db.query(
    `CREATE TEMP TABLE bench_categories ON COMMIT DROP AS
     SELECT id, (row_number() OVER (ORDER BY position) - 1)::int AS k
     FROM app.community_categories`,
  );
  const [{ courses, categories }] = (
    await db.query<{ courses: number; categories: number }>(
      `SELECT (SELECT count(*)::int FROM bench_courses) AS courses,
              (SELECT count(*)::int FROM bench_categories) AS categories`,
    )
  ).rows as [{ courses: number; categories: number }];
  if (courses === 0 || categories === 0) {
    throw new Error(`the seed made ${courses} courses and ${categories} community categories`);
  }
  // 1–3 courses each, the first ones the most popular (random() * random() leans low).
  await db.query(
    `INSERT INTO app.enrollments (user_id, course_id, starred_at, created_at)
     SELECT m.id, c.id, CASE WHEN random() < 0.2 THEN now() END,
            now() - random() * interval '90 days'
     FROM (SELECT id, floor(random() * random() * $1::int)::int AS first,
                  1 + floor(random() * 3)::int AS courses
           FROM bench_members) m
     CROSS JOIN LATERAL generate_series(0, m.courses - 1) AS j
     JOIN bench_courses c ON c.k = (m.first + j) % $1::int
     ON CONFLICT DO NOTHING`,
    [courses],
  );
  await db.query(
    `UPDATE app.courses c
     SET members_count = (SELECT count(*) FROM app.enrollments e WHERE e.course_id = c.id)`,
  );
  // The first 0..all modules of each enrolment done, quiz passed.
  await db.query(
    `INSERT INTO app.module_progress
       (enrollment_id, module_id, completed_at, quiz_score, quiz_attempts, quiz_completed_at)
     SELECT e.id, m.id, e.created_at + interval '1 day', 50 + floor(random() * 51)::int,
            1 + floor(random() * 3)::int, e.created_at + interval '1 day'
     FROM (SELECT e.id, e.course_id, e.created_at,
                  floor(random() * (c.module_count + 1))::int AS done
           FROM app.enrollments e JOIN bench_courses c ON c.id = e.course_id) e
     JOIN app.course_modules m ON m.course_id = e.course_id AND m.position < e.done`,
  );
  await db.query(
    `INSERT INTO app.saved_courses (user_id, course_id, created_at)
     SELECT m.id, c.id, now() - random() * interval '60 days'
     FROM (SELECT id, floor(random() * $1::int)::int AS first, 1 + floor(random() * 2)::int AS saved
           FROM bench_members) m
     CROSS JOIN LATERAL generate_series(0, m.saved - 1) AS j
     JOIN bench_courses c ON c.k = (m.first + 2 * j) % $1::int
     ON CONFLICT DO NOTHING`,
    [courses],
  );
  // The busiest category (the first) gets `busiestCategoryPosts`; the others share the rest.
  await db.query(
    `INSERT INTO app.posts (user_id, category_id, content, media_path, created_at)
     SELECT m.id, cat.id,
            left(repeat((ARRAY[
              'Paid back my first micro-loan today, two days early. ',
              'Does anyone else keep their seed phrase on paper only? ',
              'The stablecoins module finally made USDC click for me. ',
              'Looking for advice on a first loan for my shop''s stock. ',
              'Reminder: nobody from support will ever ask for your keys. ',
              'How do you all decide on an interest rate as a lender? '
            ])[1 + i % 6], 1 + i % 9), 5000),
            CASE WHEN i % 5 = 0 THEN format('/uploads/posts/%s.webp', md5(i::text)) END,
            now() - random() * interval '60 days'
     FROM generate_series(1, $1::int) AS i
     JOIN bench_members m ON m.n = 1 + (i * 7919) % $2::int
     JOIN bench_categories cat
       ON cat.k = CASE WHEN i <= $3::int OR $4::int = 1 THEN 0
                       ELSE 1 + i % greatest($4::int - 1, 1) END`,
    [posts, members, busiestCategoryPosts, categories],
  );
  // Some posts reported by 1–5 members; those with REPORTS_TO_HIDE or more are hidden.
  await db.query(
    `INSERT INTO app.post_reports (post_id, reporter_id, reason)
     SELECT p.id, m.id, 'Looks like a scam'
     FROM (SELECT id, row_number() OVER (ORDER BY random())::int AS r FROM app.posts) p
     CROSS JOIN LATERAL generate_series(1, 1 + p.r % 5) AS j
     JOIN bench_members m ON m.n = 1 + (p.r * 31 + j * 101) % $2::int
     WHERE p.r <= $1::int
     ON CONFLICT DO NOTHING`,
    [reportedPosts, members],
  );
  await db.query(
    `UPDATE app.posts p
     SET report_count = r.count, hidden_at = CASE WHEN r.count >= $1::int THEN now() END
     FROM (SELECT post_id, count(*)::int AS count FROM app.post_reports GROUP BY post_id) r
     WHERE r.post_id = p.id`,
    [REPORTS_TO_HIDE],
  );
  await db.query(
    `INSERT INTO app.user_blocks (blocker_id, blocked_id)
     SELECT a.id, b.id
     FROM generate_series(1, 300) AS i
     JOIN bench_members a ON a.n = 1 + (i * 13) % $1::int
     JOIN bench_members b ON b.n = 1 + (i * 977) % $1::int
     WHERE a.id <> b.id
     ON CONFLICT DO NOTHING`,
    [members],
  );
  // The bench member: enrolled in two courses or more, progress in one, a course saved.
  const caller = (
    await db.query<{ id: string }>(
      `SELECT m.id FROM bench_members m
       WHERE (SELECT count(*) FROM app.enrollments e WHERE e.user_id = m.id) >= 2
         AND EXISTS (SELECT 1 FROM app.module_progress mp
                     JOIN app.enrollments e ON e.id = mp.enrollment_id WHERE e.user_id = m.id)
         AND EXISTS (SELECT 1 FROM app.saved_courses s WHERE s.user_id = m.id)
       ORDER BY m.n LIMIT 1`,
    )
  ).rows[0]?.id;
  const busiest = (await db.query<{ id: string }>(`SELECT id FROM bench_categories WHERE k = 0`))
    .rows[0]?.id;
  if (caller === undefined || busiest === undefined) {
    throw new Error('no bench member or community category to read as');
  }
  await db.query(
    `INSERT INTO app.user_blocks (blocker_id, blocked_id)
     SELECT $1::uuid, user_id FROM (
       SELECT DISTINCT user_id FROM app.posts
       WHERE category_id = $2::uuid AND user_id <> $1::uuid LIMIT 12
     ) authors
     ON CONFLICT DO NOTHING`,
    [caller, busiest],
  );
  await loadLoans(db, walletMembers, loans);
  await db.query('COMMIT');
  await db.query(
    `VACUUM (ANALYZE) app.users, app.enrollments, app.module_progress, app.saved_courses,
       app.courses, app.posts, app.post_reports, app.user_blocks, app.member_wallets,
       app.loan_requests`,
  );
  const [counts] = (
    await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM app.users) AS members,
              (SELECT count(*)::int FROM app.courses) AS courses,
              (SELECT count(*)::int FROM app.course_modules) AS modules,
              (SELECT count(*)::int FROM app.enrollments) AS enrolments,
              (SELECT count(*)::int FROM app.module_progress) AS "modulesDone",
              (SELECT count(*)::int FROM app.saved_courses) AS saved,
              (SELECT count(*)::int FROM app.community_categories) AS "communityCategories",
              (SELECT count(*)::int FROM app.posts) AS posts,
              (SELECT count(*)::int FROM app.posts WHERE category_id = $1)
                AS "busiestCategoryPosts",
              (SELECT count(*)::int FROM app.posts WHERE media_path IS NOT NULL)
                AS "postsWithImage",
              (SELECT count(*)::int FROM app.post_reports) AS reports,
              (SELECT count(*)::int FROM app.posts WHERE hidden_at IS NOT NULL) AS "hiddenPosts",
              (SELECT count(*)::int FROM app.user_blocks) AS blocks,
              (SELECT count(*)::int FROM app.user_blocks WHERE blocker_id = $2) AS "callerBlocks",
              (SELECT count(*)::int FROM app.member_wallets) AS wallets,
              (SELECT count(*)::int FROM app.loan_requests) AS loans,
              (SELECT count(*)::int FROM app.loan_requests WHERE status = 'requested')
                AS "openLoans"`,
      [busiest, caller],
    )
  ).rows as [Record<string, number>];
  return {
    callerId: caller,
    categoryId: busiest,
    counts,
    seconds: round((performance.now() - started) / 1_000, 1),
  };
}

/**
 * Loans as the indexer projects them: a wallet linked by each of the first `walletMembers`
 * members, `loans` loans between them (half open, the rest funded, repaid, cancelled or
 * defaulted), each recorded by its borrower with a description, all finalized.
 */
async function loadLoans(db: pg.Client, walletMembers: number, loans: number): Promise<void> {
  await db.query(
    `INSERT INTO app.member_wallets (address, user_id, linked_at)
     SELECT '0x' || substr(md5('wallet' || n), 1, 32) || substr(md5('more' || n), 1, 8), id,
            now() - make_interval(days => n % 200)
     FROM bench_members WHERE n <= $1::int`,
    [walletMembers],
  );
  await db.query(
    `CREATE TEMP TABLE bench_wallets ON COMMIT DROP AS
     SELECT address, user_id, row_number() OVER (ORDER BY address)::int AS k
     FROM app.member_wallets`,
  );
  await db.query(
    `INSERT INTO app.loan_requests
       (chain_id, loan_chain_id, status, borrower_wallet, amount_units, duration_seconds,
        max_apr_bps, requested_at, lender_wallet, apr_bps, start_date, due_date, repayment_units,
        repaid_units, penalty_units, repaid_at, escrowed, escrow_released, as_of_block,
        as_of_block_hash, finality, borrower_user_id, wallet_address, description, recorded_at)
     SELECT $1::int, l.i, l.status, b.address, l.amount, l.days * 86400,
            CASE WHEN l.i % 3 = 0 THEN NULL ELSE 800 + (l.i % 12) * 100 END, l.requested_at,
            CASE WHEN l.funded THEN d.address END,
            CASE WHEN l.funded THEN 500 + (l.i % 10) * 100 END,
            CASE WHEN l.funded THEN l.requested_at + interval '1 day' END,
            CASE WHEN l.funded THEN l.requested_at + make_interval(days => 1 + l.days) END,
            CASE WHEN l.funded THEN l.amount + l.amount / 20 END,
            CASE WHEN l.status = 'repaid' THEN l.amount + l.amount / 20 END,
            CASE WHEN l.status = 'defaulted' THEN l.amount / 50 END,
            CASE WHEN l.status = 'repaid' THEN l.requested_at + interval '20 days' END,
            l.funded, l.status = 'repaid', 1000 + l.i * 3,
            '0x' || md5('block' || l.i) || md5('hash' || l.i), 'finalized', b.user_id, b.address,
            format('Stock for my shop, loan %s: paid back from weekly sales.', l.i),
            l.requested_at + interval '1 minute'
     FROM (SELECT s.*, s.status IN ('funded', 'repaid', 'defaulted') AS funded
           FROM (SELECT i,
                        (ARRAY['requested', 'requested', 'requested', 'requested', 'requested',
                               'funded', 'funded', 'repaid', 'cancelled', 'defaulted'])[1 + i % 10]
                          AS status,
                        ((50 + floor(random() * 1950)::int) * 1000000)::numeric AS amount,
                        7 + floor(random() * 84)::int AS days,
                        now() - random() * interval '90 days' AS requested_at
                 FROM generate_series(1, $2::int) AS i) s) l
     JOIN bench_wallets b ON b.k = 1 + (l.i * 7) % $3::int
     JOIN bench_wallets d ON d.k = 1 + (l.i * 13 + 5) % $3::int`,
    [CHAIN_ID, loans, walletMembers],
  );
}

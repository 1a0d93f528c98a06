import type { BrowserContext, Page } from '@playwright/test';

import type { StackUrls } from '@lendpath/test-kit/stack';
import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, holdNext } from './page-tools.ts';
import { type SignedIn, signUpMember, storeSession } from './session.ts';

/**
 * The Academy as a new member meets it: the catalogue's tabs, a course page, enrolling, reading
 * a module's outline and marking it done, the module's quiz (failed, then passed), saving,
 * unsaving and starring. The member is this suite's own ("Hypatia"), so the demo members'
 * Academy history, which screens.e2e.ts reads, stays as other suites expect it. The courses are
 * the six seeded ones; their ids and right answers come from the API, never from this file.
 */
const LEARNER_NAME = 'Hypatia Learner';
const MONEY = 'Money and Blockchains: The Basics';
const STABLECOINS = 'Stablecoins and USDC';
const LENDING = 'How Peer-to-Peer Lending Works on LendPath';

interface Category {
  _id: string;
  title: string;
  slug: string;
}

interface CourseSummary {
  courseId: string;
  title: string;
  description: string;
  rating: number;
  category: Category;
  members: number;
}

interface QuizQuestion {
  question: string;
  choices: string[];
  correct_answer_index: number;
  reflection_prompt?: string;
}

interface CourseDetail extends CourseSummary {
  overview: string;
  modules: {
    _id: string;
    title: string;
    sections: { type: string; content: string }[];
    quiz: QuizQuestion[];
  }[];
}

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let learner: SignedIn;
let web: string;
let money: CourseDetail;
let stablecoins: CourseDetail;
let lending: CourseDetail;
/** The catalogue's answer before the learner did anything. */
let trending: CourseSummary[];

/** An Academy read as the learner, through the API the page uses. */
async function academyRead<T>(urls: StackUrls, path: string): Promise<T> {
  const response = await fetch(`${urls.api}/academy${path}`, {
    headers: { authorization: `Bearer ${learner.token}`, accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`GET /academy${path}: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/** SPEC §2: the category segment is the title in lower case, spaces replaced by hyphens. */
const slug = (course: CourseSummary) => course.category.title.toLowerCase().replace(/ /g, '-');
const coursePath = (course: CourseSummary) => `/courses/${slug(course)}/${course.courseId}`;
const enrolledPath = (course: CourseSummary) =>
  `/courses/enrolled/${slug(course)}/${course.courseId}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The page's address ends with this path (and no query). */
const at = (path: string) => new RegExp(`${escape(path)}$`);

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const card = (title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
/** A module row's quiz link: the visible words, then the module's title for screen readers. */
const quizLink = (row: ReturnType<Page['getByRole']>, visible: string, title: string) =>
  row.getByRole('link', { name: `${visible}: ${title}`, exact: true });
const moduleRow = (title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/**
 * The next two GETs of `url` fail as when the network drops (the client retries a failed read
 * once by itself, so one failure is never seen); the first waits until the test has looked at the
 * loading state. Later reads reach the API.
 */
async function failTwice(target: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let failures = 0;
  await target.route(url, async (route) => {
    if (route.request().method() !== 'GET' || failures === 2) {
      await route.fallback();
      return;
    }
    failures += 1;
    if (failures === 1) {
      await released;
    }
    await route.abort('connectionrefused');
  });
  return { release, failures: () => failures };
}

/** Marks the page, so a later check can tell it was not reloaded in between. */
const markPage = () =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const notReloaded = () =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Answers the quiz on screen: the right choice where `right[i]`, another one elsewhere. */
async function answerQuiz(questions: QuizQuestion[], right: boolean[]) {
  for (const [index, question] of questions.entries()) {
    const last = index === questions.length - 1;
    await expect(page.getByText(`Question ${index + 1} of ${questions.length}`)).toBeVisible();
    const submit = page.getByRole('button', { name: last ? 'Complete Quiz' : 'Next Question' });
    await expect(submit).toBeDisabled();
    const choice = right[index]
      ? question.correct_answer_index
      : (question.correct_answer_index + 1) % question.choices.length;
    await page
      .getByRole('group', { name: question.question })
      .getByRole('radio', { name: question.choices[choice]!, exact: true })
      .check();
    await expect(submit).toBeEnabled();
    await submit.click();
  }
}

test.afterAll(async () => {
  await context?.close();
});

test('a new member: the catalogue, empty Saved, Enrolled and Quizzes tabs; Back returns to the tab', async ({
  browser,
  stack,
}) => {
  web = stack.urls.web;
  learner = await signUpMember(stack.urls, LEARNER_NAME);
  trending = (await academyRead<{ trending: CourseSummary[] }>(stack.urls, '/feed')).trending;
  const find = async (title: string) => {
    const summary = trending.find((course) => course.title === title);
    expect(summary, `${title} is in the catalogue`).toBeDefined();
    return academyRead<CourseDetail>(stack.urls, `/courses/${summary!.courseId}`);
  };
  [money, stablecoins, lending] = [await find(MONEY), await find(STABLECOINS), await find(LENDING)];

  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await storeSession(page, learner);
  await page.goto(`${web}/academy`);
  await expect(page.getByRole('heading', { name: 'Academy', level: 1 })).toBeVisible();
  await expect(tab('Courses')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(at('/academy'));
  await expect(page.getByRole('heading', { name: 'Trending Courses', level: 2 })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(trending.length);

  const moneyCard = card(MONEY);
  await expect(moneyCard).toContainText('Crypto Basics');
  await expect(moneyCard).toContainText(money.description);
  await expect(moneyCard.getByText('Rated 4.7 out of 5')).toBeAttached();
  await expect(moneyCard).toContainText(
    `${money.members} ${money.members === 1 ? 'member' : 'members'}`,
  );
  await expect(moneyCard.getByRole('link', { name: MONEY })).toHaveAttribute(
    'href',
    coursePath(money),
  );
  await expect(moneyCard.getByRole('button', { name: 'Enroll Now' })).toBeVisible();
  await expect(moneyCard.getByRole('progressbar')).toHaveCount(0);

  // Each tab is an address of its own, and a new member has nothing in the other three.
  await tab('Saved').click();
  await expect(page).toHaveURL(at('/academy?tab=saved'));
  await expect(page.getByRole('heading', { name: 'Saved Courses', level: 2 })).toBeVisible();
  await expect(page.getByText("You haven't saved any courses yet.")).toBeVisible();
  await tab('Enrolled').click();
  await expect(page).toHaveURL(at('/academy?tab=enrolled'));
  await expect(page.getByRole('heading', { name: 'Enrolled Courses', level: 2 })).toBeVisible();
  await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
  await tab('Quizzes').click();
  await expect(page).toHaveURL(at('/academy?tab=quizzes'));
  await expect(page.getByRole('heading', { name: 'Available Quizzes', level: 2 })).toBeVisible();
  await expect(page.getByText('Enroll in courses to access quizzes')).toBeVisible();

  await page.goBack();
  await expect(tab('Enrolled')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
  await page.goBack();
  await expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(at('/academy?tab=saved'));
  await page.goBack();
  await expect(tab('Courses')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(at('/academy'));

  // An empty tab's next step leads back to the catalogue.
  await tab('Quizzes').click();
  await page.getByRole('button', { name: 'Browse courses' }).click();
  await expect(tab('Courses')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(at('/academy'));
  await expect(card(MONEY)).toBeVisible();
});

test('the tabs by keyboard: one tab stop; arrows, Home and End move and select', async () => {
  await tab('Courses').focus();
  await expect(tab('Saved')).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Saved')).toBeFocused();
  await expect(tab('Saved')).toHaveAttribute('tabindex', '0');
  await expect(page).toHaveURL(at('/academy?tab=saved'));
  await expect(page.getByRole('heading', { name: 'Saved Courses' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Enrolled')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Enrolled')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tab('Quizzes')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Available Quizzes' })).toBeVisible();
  // From the last, Right wraps to the first; from the first, Left wraps to the last.
  await page.keyboard.press('ArrowRight');
  await expect(tab('Courses')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Courses')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Quizzes')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Enrolled')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Courses')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Courses')).toBeFocused();
  await expect(page).toHaveURL(at('/academy'));
  await expect(page.getByRole('heading', { name: 'Trending Courses' })).toBeVisible();
});

test('a catalogue that fails to load: skeletons, the page error, and Try Again recovers', async () => {
  // A page of its own in the same browser (signed in already), so the failure stays there.
  const other = await context.newPage();
  try {
    const feed = await failTwice(other, '**/academy/feed');
    await other.goto(`${web}/academy`);
    // While the catalogue loads: eight cards' outlines, the size of the cards to come.
    await expect(other.getByRole('tabpanel').locator('[aria-busy="true"] > *')).toHaveCount(8);
    feed.release();
    await expect(other.getByRole('alert')).toHaveText('Failed to load courses. Please try again.');
    // The client tried twice before saying so.
    expect(feed.failures()).toBe(2);
    await expect(other.getByRole('article')).toHaveCount(0);

    await other.getByRole('button', { name: 'Try Again' }).click();
    await expect(other.getByRole('tabpanel').getByRole('article')).toHaveCount(trending.length);
    await expect(other.getByRole('alert')).toHaveCount(0);

    // The other tabs say it in their own words, with four outlines while they load.
    const enrolled = await failTwice(other, `**/academy/enrolled/${learner.user._id}`);
    await other.getByRole('tab', { name: 'Enrolled' }).click();
    await expect(other.getByRole('tabpanel').locator('[aria-busy="true"] > *')).toHaveCount(4);
    enrolled.release();
    await expect(other.getByRole('alert')).toHaveText(
      'Failed to load enrolled courses. Please try again.',
    );
    await other.getByRole('button', { name: 'Try Again' }).click();
    await expect(other.getByText("You haven't enrolled in any courses yet.")).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a course page: the outline; save and unsave by its toggle, unsave by the card’s badge', async () => {
  await card(MONEY).getByRole('link', { name: MONEY }).click();
  await expect(page).toHaveURL(at(coursePath(money)));
  await expect(page.getByRole('heading', { name: MONEY, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Academy', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enroll Now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByText(money.overview)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Outline', level: 2 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(
    money.modules.map((module) => new RegExp(`${escape(module.title)}$`)),
  );

  const save = page.getByRole('button', { name: 'Save course', exact: true });
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await save.click();
  await expectToast(page, 'Course saved!');
  await expect(saved).toBeVisible();
  await saved.click();
  await expectToast(page, 'Course unsaved!');
  await expect(save).toBeVisible();
  await save.click();
  await expectToast(page, 'Course saved!');
  await expect(saved).toBeVisible();

  // The back link leads to the catalogue, where the card now wears the unsave badge.
  await page.getByRole('main').getByRole('link', { name: 'Academy', exact: true }).click();
  await expect(page).toHaveURL(at('/academy'));
  await expect(card(MONEY).getByRole('button', { name: `Unsave ${MONEY}` })).toBeVisible();
  await tab('Saved').click();
  const savedCard = card(MONEY);
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  const unsave = savedCard.getByRole('button', { name: `Unsave ${MONEY}` });
  const release = await holdNext(page, '**/academy/save', 'DELETE');
  await unsave.click();
  await expect(unsave.getByRole('status')).toHaveText('Unsaving');
  await expect(unsave).toBeDisabled();
  await release();
  await expectToast(page, 'Course unsaved!');
  await expect(page.getByText("You haven't saved any courses yet.")).toBeVisible();
});

test('enrols from the course page and from a card; stars the course: the card shows it', async () => {
  await tab('Courses').click();
  await card(MONEY).getByRole('link', { name: MONEY }).click();
  // The catalogue (an Enroll Now on every card) stays up while the course page's chunk loads.
  await expect(page.getByRole('heading', { name: MONEY, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await expectToast(page, 'Successfully enrolled in the course!');
  await expect(page).toHaveURL(at(enrolledPath(money)));

  await expect(page.getByRole('heading', { name: MONEY, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }),
  ).toBeVisible();
  // The course's own rating, not a fixed label.
  await expect(page.getByRole('main').getByText('Rated 4.7 out of 5')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Save course', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Progress', level: 2 })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Course Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Modules', level: 2 })).toBeVisible();
  for (const module of money.modules) {
    const row = moduleRow(module.title);
    await expect(row).toContainText('Not Started');
    await expect(quizLink(row, 'Take quiz', module.title)).toBeVisible();
  }

  await page.getByRole('button', { name: 'Star course', exact: true }).click();
  await expectToast(page, 'Course starred!');
  await expect(page.getByRole('button', { name: 'Starred', exact: true })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }).click();
  await expect(page).toHaveURL(at('/academy?tab=enrolled'));
  const enrolledCard = card(MONEY);
  await expect(enrolledCard.getByText('Starred', { exact: true })).toBeVisible();
  await expect(
    enrolledCard.getByRole('progressbar', { name: `${MONEY} progress` }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(enrolledCard.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);
  await expect(enrolledCard.getByRole('link', { name: MONEY })).toHaveAttribute(
    'href',
    enrolledPath(money),
  );

  // From a card: the button is busy while the enrolment is on its way, then the bar replaces it.
  await tab('Courses').click();
  const stablecoinsCard = card(STABLECOINS);
  const release = await holdNext(page, '**/academy/enroll', 'POST');
  await stablecoinsCard.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(stablecoinsCard.getByRole('button', { name: 'Enrolling...' })).toBeDisabled();
  await release();
  await expectToast(page, 'Successfully enrolled in the course!');
  await expect(
    stablecoinsCard.getByRole('progressbar', { name: `${STABLECOINS} progress` }),
  ).toHaveAttribute('aria-valuenow', '0');
  await expect(stablecoinsCard).toContainText('0%');

  // Enrolled, the course page offers to continue instead.
  await stablecoinsCard.getByRole('link', { name: STABLECOINS }).click();
  await expect(page.getByRole('link', { name: 'Continue course' })).toHaveAttribute(
    'href',
    enrolledPath(stablecoins),
  );
  await expect(page.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);
});

test('reads the first module and marks it done: the progress rises without a reload', async () => {
  const [first] = money.modules;
  await page.getByRole('main').getByRole('link', { name: 'Academy', exact: true }).click();
  await tab('Enrolled').click();
  await card(MONEY).getByRole('link', { name: MONEY }).click();
  await expect(page).toHaveURL(at(enrolledPath(money)));
  await markPage();

  await moduleRow(first!.title).getByRole('link', { name: first!.title, exact: true }).click();
  await expect(page).toHaveURL(
    at(`/courses/enrolled/outline/${slug(money)}/${money.courseId}/${first!._id}`),
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to course' }).first(),
  ).toBeVisible();
  await expect(page.getByText(`Module 1 of ${money.modules.length}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: first!.title, level: 1 })).toBeVisible();
  const subheadings = first!.sections.filter((section) => section.type === 'subheading');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    subheadings.map((section) => section.content),
  );
  const figures = first!.sections.filter((section) => section.type === 'image');
  await expect(page.locator('figure figcaption')).toHaveText(
    figures.map((section) => section.content),
  );
  const paragraph = first!.sections.find((section) => section.type === 'paragraph');
  await expect(page.getByText(paragraph!.content)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the quiz' })).toHaveCount(0);
  expect(await seriousAccessibilityIssues(page), 'the outline').toEqual([]);

  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expectToast(page, 'Marked course outline as done');
  await expect(page).toHaveURL(at(enrolledPath(money)));
  const share = Math.round(100 / money.modules.length);
  const progress = page.getByRole('progressbar', { name: 'Course Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(share));
  await expect(page.getByText(`${share}%`, { exact: true })).toBeVisible();
  await expect(moduleRow(first!.title)).toContainText('Completed');
  for (const module of money.modules.slice(1)) {
    await expect(moduleRow(module.title)).toContainText('Not Started');
  }

  await page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }).click();
  await expect(card(MONEY).getByRole('progressbar', { name: `${MONEY} progress` })).toHaveAttribute(
    'aria-valuenow',
    String(share),
  );
  await expect(card(MONEY)).toContainText(`${share}%`);
  expect(await notReloaded(), 'the app was not reloaded').toBe(true);

  // A finished module says so, and offers its quiz instead of 'Mark as done'.
  await card(MONEY).getByRole('link', { name: MONEY }).click();
  await moduleRow(first!.title).getByRole('link', { name: first!.title, exact: true }).click();
  await expect(page.getByText('You have finished this module.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Take the quiz' })).toBeVisible();
});

test('the quiz: the hint, the disabled buttons, a failing run, then a passing one', async () => {
  const first = money.modules[0]!;
  const questions = first.quiz;
  const [opening] = questions;
  expect(opening!.reflection_prompt, 'the first question has a hint').toBeTruthy();
  await markPage();
  await page.getByRole('link', { name: 'Take the quiz' }).click();
  await expect(page).toHaveURL(at(`/courses/quiz/${money.courseId}/${first._id}`));
  await expect(page.getByRole('main').getByText(MONEY, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: first.title, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Back to course' }).first(),
  ).toBeVisible();
  await expect(page.getByText(`Question 1 of ${questions.length}`)).toBeVisible();
  const group = page.getByRole('group', { name: opening!.question });
  await expect(group.getByRole('radio')).toHaveCount(opening!.choices.length);
  for (const choice of opening!.choices) {
    await expect(group.getByRole('radio', { name: choice, exact: true })).not.toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeDisabled();

  // The hint shows once; the button then has nothing more to give.
  const hint = page.getByRole('button', { name: 'Show Hint' });
  await expect(hint).toBeEnabled();
  await expect(page.getByText(opening!.reflection_prompt!)).toHaveCount(0);
  await hint.click();
  await expect(page.getByText(opening!.reflection_prompt!)).toBeVisible();
  await expect(hint).toBeDisabled();
  expect(await seriousAccessibilityIssues(page), 'a quiz question with its hint').toEqual([]);

  // Without an answer the button stays in reach of the keyboard, and pressed, says why it waits.
  const next = page.getByRole('button', { name: 'Next Question' });
  await next.focus();
  await page.keyboard.press('Enter');
  const why = page.getByRole('main').getByRole('alert');
  await expect(why).toHaveText('Please select an answer to continue.');
  await expect(page.getByText(`Question 1 of ${questions.length}`)).toBeVisible();

  // The next question starts without an answer, and with its own hint still hidden.
  await group.getByRole('radio', { name: opening!.choices[0]!, exact: true }).check();
  await expect(why).toHaveCount(0);
  await next.click();
  await expect(page.getByText(`Question 2 of ${questions.length}`)).toBeVisible();
  await expect(page.getByRole('group', { name: questions[1]!.question })).toBeVisible();
  await expect(page.locator('legend')).toBeFocused();
  await expect(hint).toBeEnabled();
  await expect(page.getByText(opening!.reflection_prompt!)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next Question' })).toBeDisabled();

  // A failing run: two right answers of five (the first taken again from the start).
  await page.getByRole('main').getByRole('link', { name: 'Back to course' }).first().click();
  await quizLink(moduleRow(first.title), 'Take quiz', first.title).click();
  await answerQuiz(
    questions,
    questions.map((_, index) => index < 2),
  );
  const failing = Math.round((2 / questions.length) * 100);
  await expect(page.getByRole('heading', { name: 'Your score', level: 2 })).toBeFocused();
  await expect(page.getByText(`${failing}%`, { exact: true })).toBeVisible();
  await expect(
    page.getByText("Not quite there yet. Review the module and try again: you've got this!"),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retake Quiz' })).toBeVisible();
  expect(await seriousAccessibilityIssues(page), 'a failed quiz’s result').toEqual([]);

  // Reviewing the module, its finished outline leads back to the stored result.
  await page.getByRole('link', { name: 'Review the module' }).click();
  await expect(page).toHaveURL(
    at(`/courses/enrolled/outline/${slug(money)}/${money.courseId}/${first._id}`),
  );
  await page.getByRole('link', { name: 'See your quiz result' }).click();
  await expect(page.getByRole('heading', { name: 'Your best score', level: 2 })).toBeVisible();
  await expect(page.getByText(`${failing}%`, { exact: true })).toBeVisible();

  // The passing run: four of five.
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByRole('button', { name: 'Show Hint' })).toBeEnabled();
  await answerQuiz(
    questions,
    questions.map((_, index) => index < questions.length - 1),
  );
  const passing = Math.round(((questions.length - 1) / questions.length) * 100);
  await expect(page.getByRole('heading', { name: 'Your score', level: 2 })).toBeVisible();
  await expect(page.getByText(`${passing}%`, { exact: true })).toBeVisible();
  await expect(page.getByText('Congratulations! You passed the quiz.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review the module' })).toHaveCount(0);
  expect(await seriousAccessibilityIssues(page), 'a passed quiz’s result').toEqual([]);

  // The course page and the Quizzes tab show the best score, without a reload.
  await page.getByRole('main').getByRole('link', { name: 'Back to course' }).first().click();
  await expect(quizLink(moduleRow(first.title), `Quiz · ${passing}%`, first.title)).toBeVisible();
  await expect(
    quizLink(moduleRow(money.modules[1]!.title), 'Take quiz', money.modules[1]!.title),
  ).toBeVisible();
  // A quiz does not move the course's progress: that counts the modules read.
  await expect(page.getByRole('progressbar', { name: 'Course Progress' })).toHaveAttribute(
    'aria-valuenow',
    String(Math.round(100 / money.modules.length)),
  );

  await page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }).click();
  await tab('Quizzes').click();
  const quizzes = page.getByRole('tabpanel').getByRole('listitem');
  const withQuiz = [...money.modules, ...stablecoins.modules].filter((m) => m.quiz.length > 0);
  await expect(quizzes).toHaveCount(withQuiz.length);
  const done = quizzes.filter({ has: page.getByRole('link', { name: `1. ${first.title}` }) });
  await expect(done).toContainText(MONEY);
  await expect(done).toContainText(`${questions.length} questions`);
  await expect(done).toContainText('Completed');
  await expect(done).toContainText(`Best ${passing}%`);
  const second = money.modules[1]!;
  const waiting = quizzes.filter({
    has: page.getByRole('link', { name: `2. ${second.title}` }),
  });
  await expect(waiting).toContainText(`${second.quiz.length} questions`);
  await expect(waiting).toContainText('Not Started');
  expect(await notReloaded(), 'the app was not reloaded').toBe(true);

  // Reopened, a finished quiz shows its best score at once.
  await done.getByRole('link', { name: `1. ${first.title}` }).click();
  await expect(page).toHaveURL(at(`/courses/quiz/${money.courseId}/${first._id}`));
  await expect(page.getByRole('heading', { name: 'Your best score', level: 2 })).toBeVisible();
  await expect(page.getByText(`${passing}%`, { exact: true })).toBeVisible();
  await expect(page.getByText('Question 1 of', { exact: false })).toHaveCount(0);
});

test('an unknown course: Course Not Found, and Go Back; a course not joined says so', async () => {
  await page.goto(`${web}/courses/crypto-basics/00000000-0000-0000-0000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Course Not Found', level: 1 })).toBeVisible();
  await expect(page.getByText('Course not found or may have been removed.')).toBeVisible();
  // Opened from outside the app, there is nothing in it to go back to: Go Back goes to the Academy.
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(at('/academy'));
  await expect(page.getByRole('heading', { name: 'Academy', level: 1 })).toBeVisible();

  await page.goto(`${web}${enrolledPath(lending)}`);
  await expect(
    page.getByText('You are not enrolled in this course or it may have been removed.'),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }),
  ).toBeVisible();
});

test('the star comes off again, and off the card', async () => {
  // The toggle says which way it goes (`starred: false` here): the API's `starred` defaults to
  // true, so a toggle that sent only the enrolment id would star the course again.
  await page.goto(`${web}${enrolledPath(money)}`);
  await page.getByRole('button', { name: 'Starred', exact: true }).click();
  await expectToast(page, 'Course unstarred.');
  await expect(page.getByRole('button', { name: 'Star course', exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Enrolled courses' }).click();
  await expect(card(MONEY).getByRole('progressbar')).toBeVisible();
  await expect(card(MONEY).getByText('Starred', { exact: true })).toHaveCount(0);
});

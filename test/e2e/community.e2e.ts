import type { BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';

import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';
import { expectToast, holdNext, pathIs } from './page-tools.ts';
import { type SignedIn, signUpMember, storeSession } from './session.ts';

/**
 * The Community page as members meet it: the feed of every category and of one, search, the
 * create-post dialog (its checks in SPEC's order, Cancel, the backdrop, a refusal from the API),
 * a text post and a photo post, reporting and blocking. The members are this suite's own, so the
 * demo members (whom screens.e2e.ts signs in as) keep the feed they have. Two write and read in
 * browsers: the author and a reader; three more report through the API. What the API answers is
 * read from the API, never restated here: the seeded welcome posts, the categories.
 */
const AUTHOR_NAME = 'Wangari Poster';
const READER_NAME = 'Tomasz Reader';
const REPORTER_NAMES = ['Reporter Amara', 'Reporter Bongani', 'Reporter Chidi'] as const;

const CHOOSE_CATEGORY_FIRST = 'Please select the category first to create the post';
const HIDDEN_NOTE = 'Members reported this post, so only you can see it.';

interface Category {
  _id: string;
  title: string;
}

interface Post {
  _id: string;
  user: { _id: string; fullname: string };
  categoryId: string;
  createdAt: string;
  content: string;
  postMedia: string | null;
  postMediaWidth: number | null;
  postMediaHeight: number | null;
  hidden: boolean;
}

test.describe.configure({ mode: 'serial' });

let web: string;
let api: string;
let databaseUrl: string;
let author: SignedIn;
let reader: SignedIn;
let reporters: SignedIn[];
let categories: Category[];
let authorContext: BrowserContext;
let readerContext: BrowserContext;
/** The author's page (the member who posts). */
let page: Page;
/** The reader's page: another member, who sees the author's posts with the options menu. */
let readerPage: Page;
/** The text post the author publishes through the dialog. */
let textPost: Post;

/** A run's own words, so a post is found by them and by nothing older. */
const stamp = Date.now().toString(36);

/** An API call as `member`, through the envelope; JSON in and out. */
async function call<T>(member: SignedIn, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/** The reply's message too (the report's answer is read from it). */
async function report(member: SignedIn, postId: string): Promise<string> {
  const response = await fetch(`${api}/community/report-post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${member.token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ postId }),
  });
  expect(response.status, `report of ${postId} by ${member.user.fullname}`).toBe(200);
  return ((await response.json()) as { message: string }).message;
}

const categoryNamed = (title: string) => {
  const found = categories.find((category) => category.title === title);
  expect(found, `the seeded category ${title}`).toBeDefined();
  return found!;
};

/** A text post straight through the API (the dialog is tested once; the rest need posts). */
const postAs = (member: SignedIn, categoryTitle: string, content: string) =>
  call<Post>(member, '/community/create-post', {
    content,
    categoryId: categoryNamed(categoryTitle)._id,
  });

/** The feed as `member` sees it through the API: every category's, or one's. */
const feedOf = (member: SignedIn, categoryId: string | null, limit = 20) =>
  call<Post[]>(
    member,
    `/community/feed${categoryId === null ? '' : `/${categoryId}`}?page=1&limit=${limit}`,
  );

/**
 * Makes the members' accounts older than COMMUNITY_REPORTER_MIN_AGE_HOURS (72), as if they had
 * joined three days ago: no API sets an account's age, so the stack's database is written.
 */
async function makeEstablished(members: SignedIn[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE app.users SET created_at = now() - interval '73 hours' WHERE id = ANY($1::uuid[])`,
      [members.map((member) => member.user._id)],
    );
    expect(rowCount).toBe(members.length);
  } finally {
    await client.end();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The page's address ends with this path and query. */
const at = (path: string) => new RegExp(`${escape(path)}$`);

const feed = (target: Page) => target.getByRole('region', { name: 'Posts' });
const posts = (target: Page) => feed(target).getByRole('article');
const postsBy = (target: Page, name: string) =>
  feed(target).getByRole('article', { name, exact: true });
const postWith = (target: Page, text: string) => posts(target).filter({ hasText: text });
const chip = (target: Page, name: string) =>
  target.getByRole('navigation', { name: 'Categories' }).getByRole('button', {
    name,
    exact: true,
  });
const dialog = (target: Page) => target.getByRole('dialog', { name: 'Create post' });
const optionsOf = (article: ReturnType<Page['getByRole']>, name: string) =>
  article.getByRole('button', { name: `Post options: ${name}`, exact: true });
/** Each post's text, in the order given: what the page must list for these posts. */
const contentsOf = (list: Post[]) => list.map((post) => new RegExp(escape(post.content)));

/** Marks the page, so a later check can tell it was not reloaded in between. */
const markPage = (target: Page) =>
  target.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const notReloaded = (target: Page) =>
  target.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** A PNG of the given size, made here: a gradient, so it is a real picture and not one colour. */
async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test.afterAll(async () => {
  await authorContext?.close();
  await readerContext?.close();
});

test('the page: the heading, the categories, All chosen, the feed of every category; accessible', async ({
  browser,
  stack,
}) => {
  web = stack.urls.web;
  api = stack.urls.api;
  databaseUrl = stack.databaseUrl;
  author = await signUpMember(stack.urls, AUTHOR_NAME);
  reader = await signUpMember(stack.urls, READER_NAME);
  reporters = [];
  for (const name of REPORTER_NAMES) {
    reporters.push(await signUpMember(stack.urls, name));
  }
  categories = await call<Category[]>(author, '/community/get-categories');
  expect(categories.map((category) => category.title)).toEqual(
    expect.arrayContaining([
      'General',
      'Introductions',
      'Academy Help',
      'Lending',
      'Market Talk',
      'Safety Alerts',
    ]),
  );
  const everything = await feedOf(author, null);
  expect(everything.length, 'the seeded welcome posts').toBeGreaterThan(0);

  authorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await authorContext.newPage();
  await storeSession(page, author);
  readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  readerPage = await readerContext.newPage();
  await storeSession(readerPage, reader);

  // While the feed loads, the page says so (the request is held until it has been seen).
  const release = await holdNext(page, pathIs('/community/feed'), 'GET');
  await page.goto(`${web}/community`);
  await expect(page.getByRole('heading', { name: 'LendPath Community', level: 1 })).toBeVisible();
  await expect(feed(page)).toHaveAttribute('aria-busy', 'true');
  await expect(feed(page).getByText('Loading...')).toBeVisible();
  await release();
  await expect(feed(page)).toHaveAttribute('aria-busy', 'false');
  await expect(feed(page).getByText('Loading...')).toHaveCount(0);

  // 'All' first, then the API's categories in its order; 'All' is chosen and not in the URL.
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('button')).toHaveText(
    ['All', ...categories.map((category) => category.title)],
  );
  await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  for (const category of categories) {
    await expect(chip(page, category.title)).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(page).toHaveURL(at('/community'));
  await expect(page.getByRole('searchbox', { name: 'Search posts' })).toBeVisible();

  // Every category's posts, newest first, as the API gives them.
  await expect(posts(page)).toHaveText(contentsOf(everything));
  const first = everything[0]!;
  const firstCard = posts(page).first();
  await expect(firstCard).toHaveAccessibleName(first.user.fullname);
  await expect(firstCard.locator('time')).toHaveAttribute('datetime', first.createdAt);
  // Someone else's post has the options button, closed.
  await expect(optionsOf(firstCard, first.user.fullname)).toHaveAttribute('aria-expanded', 'false');

  expect(await seriousAccessibilityIssues(page), 'the community page').toEqual([]);
});

test('Photo and Text with All chosen: the toast, no dialog; a chip shows its category, Back returns', async () => {
  for (const button of ['Photo', 'Text']) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expectToast(page, CHOOSE_CATEGORY_FIRST, 'info');
    await expect(dialog(page)).toBeHidden();
  }

  const introductions = categoryNamed('Introductions');
  const theirs = await feedOf(author, introductions._id);
  const everything = await feedOf(author, null);
  expect(theirs.length, 'a welcome post in Introductions').toBeGreaterThan(0);
  expect(everything.length).toBeGreaterThan(theirs.length);

  await chip(page, 'Introductions').click();
  await expect(page).toHaveURL(at(`/community?category=${introductions._id}`));
  await expect(chip(page, 'Introductions')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'false');
  await expect(posts(page)).toHaveText(contentsOf(theirs));
  for (const post of everything.filter((post) => post.categoryId !== introductions._id)) {
    await expect(postWith(page, post.content)).toHaveCount(0);
  }

  await page.goBack();
  await expect(page).toHaveURL(at('/community'));
  await expect(chip(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, 'Introductions')).toHaveAttribute('aria-pressed', 'false');
  await expect(posts(page)).toHaveText(contentsOf(everything));

  // The address alone opens the category, as a shared link or a reload would.
  await page.goto(`${web}/community?category=${introductions._id}`);
  await expect(chip(page, 'Introductions')).toHaveAttribute('aria-pressed', 'true');
  await expect(posts(page)).toHaveText(contentsOf(theirs));
});

test('the dialog: the chip’s category chosen, the checks in order, the preview, backdrop and Cancel; accessible', async () => {
  const general = categoryNamed('General');
  await chip(page, 'General').click();
  await expect(page).toHaveURL(at(`/community?category=${general._id}`));
  await page.getByRole('button', { name: 'Photo', exact: true }).click();

  const modal = dialog(page);
  await expect(modal).toBeVisible();
  const category = modal.getByRole('combobox', { name: 'Category' });
  const text = modal.getByRole('textbox', { name: 'What would you like to share?' });
  const image = modal.getByLabel('Image', { exact: true });
  const problem = modal.getByRole('alert');
  const send = modal.getByRole('button', { name: 'Post', exact: true });
  await expect(category).toHaveValue(general._id);
  await expect(category.getByRole('option')).toHaveText([
    'Select a category',
    ...categories.map((item) => item.title),
  ]);
  await expect(text).toHaveValue('');
  await expect(image).toHaveAttribute('type', 'file');
  await expect(image).toHaveAttribute('accept', 'image/*');
  await expect(problem).toHaveCount(0);
  expect(await seriousAccessibilityIssues(page), 'the create-post dialog').toEqual([]);

  // Nothing given: the first of SPEC's messages; each one fixed, the next.
  await category.selectOption({ label: 'Select a category' });
  await send.click();
  await expect(problem).toHaveText('All fields required');
  await text.fill('A picture from the allotment');
  await send.click();
  await expect(problem).toHaveText('Please select the category');
  await category.selectOption({ label: 'General' });
  await send.click();
  await expect(problem).toHaveText('Please select an image!');

  // The chosen image is previewed, and can be taken back.
  await image.setInputFiles({
    name: 'allotment.png',
    mimeType: 'image/png',
    buffer: await png(64, 48),
  });
  const preview = modal.getByRole('img', { name: 'The chosen image' });
  await expect(preview).toBeVisible();
  await modal.getByRole('button', { name: 'Remove image' }).click();
  await expect(preview).toHaveCount(0);
  await image.setInputFiles({
    name: 'allotment.png',
    mimeType: 'image/png',
    buffer: await png(64, 48),
  });
  await expect(preview).toBeVisible();

  // A click on the backdrop (beside the dialog) closes it; what was written is still there.
  await page.mouse.click(8, 450);
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(modal).toBeVisible();
  await expect(text).toHaveValue('A picture from the allotment');
  // Text mode has no image field.
  await expect(image).toHaveCount(0);

  // Cancel clears the text and the image, and closes.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  await expect(modal).toBeVisible();
  await expect(text).toHaveValue('');
  await expect(preview).toHaveCount(0);
  await expect(problem).toHaveCount(0);
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  expect(
    (await feedOf(author, null)).filter((post) => post.user._id === author.user._id),
    'nothing was posted',
  ).toEqual([]);
});

test('a text post: busy while it goes, then at the top of the feed without a reload; links are links, HTML stays text', async () => {
  const general = categoryNamed('General');
  const content =
    `Allotment notes ${stamp}: <b>not bold</b> <img src=x onerror="window.injected=1"> ` +
    'read https://example.org/guide?page=2. Thanks!';
  await markPage(page);
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  const modal = dialog(page);
  await expect(modal.getByRole('combobox', { name: 'Category' })).toHaveValue(general._id);
  await modal.getByRole('textbox', { name: 'What would you like to share?' }).fill(content);

  const release = await holdNext(page, pathIs('/community/create-post'), 'POST');
  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/community/create-post' &&
      response.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(modal.getByRole('button', { name: 'Posting...' })).toBeDisabled();
  await release();
  const reply = await created;
  expect(reply.status()).toBe(201);
  textPost = ((await reply.json()) as { data: Post }).data;
  await expectToast(page, 'Post created successfully!');
  await expect(modal).toBeHidden();

  const card = posts(page).first();
  await expect(card).toHaveAccessibleName(AUTHOR_NAME);
  await expect(card).toContainText(content);
  await expect(card.locator('time')).toHaveAttribute('datetime', textPost.createdAt);
  expect(textPost.content).toBe(content);
  expect(textPost.categoryId).toBe(general._id);
  expect(await notReloaded(page), 'the page was not reloaded').toBe(true);

  // The address is a link that opens apart from the app; the markup is shown, never obeyed.
  const link = card.getByRole('link', { name: 'https://example.org/guide?page=2', exact: true });
  await expect(link).toHaveAttribute('href', 'https://example.org/guide?page=2');
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(card.getByRole('link')).toHaveCount(1);
  await expect(card.locator('b')).toHaveCount(0);
  await expect(card.getByRole('img')).toHaveCount(0);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);

  // One's own post has no options; it is also at the top of every category's feed.
  await expect(card.getByRole('button', { name: /^Post options/ })).toHaveCount(0);
  await chip(page, 'All').click();
  await expect(page).toHaveURL(at('/community'));
  await expect(posts(page).first()).toContainText(content);
  await expect(
    posts(page)
      .first()
      .getByRole('button', { name: /^Post options/ }),
  ).toHaveCount(0);
  // And not in another category's.
  await chip(page, 'Introductions').click();
  await expect(posts(page).first()).toBeVisible();
  await expect(postWith(page, content)).toHaveCount(0);
});

test('a photo post: the image stored re-encoded on the API host, drawn at the size the API gives', async () => {
  const lending = categoryNamed('Lending');
  await chip(page, 'Lending').click();
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  const modal = dialog(page);
  const content = `Our market stall ${stamp}, paid for by a loan`;
  // Wider than the 2048 px the API stores at most: what it keeps is its own, smaller image.
  const upload = await png(2400, 1200);
  await modal.getByRole('textbox', { name: 'What would you like to share?' }).fill(content);
  await modal
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'stall.png', mimeType: 'image/png', buffer: upload });
  await expect(modal.getByRole('img', { name: 'The chosen image' })).toBeVisible();
  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/community/create-post' &&
      response.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Post', exact: true }).click();
  const post = ((await (await created).json()) as { data: Post }).data;
  await expectToast(page, 'Post created successfully!');
  await expect(modal).toBeHidden();

  expect(post.categoryId).toBe(lending._id);
  expect(post.postMedia).toMatch(/^\/uploads\/posts\/[0-9a-f]+\.png$/);
  expect([post.postMediaWidth, post.postMediaHeight]).toEqual([2048, 1024]);
  // What is served is the API's re-encoding, not the bytes sent.
  const stored = await fetch(`${api}${post.postMedia}`);
  expect(stored.status).toBe(200);
  const storedBytes = Buffer.from(await stored.arrayBuffer());
  expect(storedBytes.equals(upload)).toBe(false);
  const metadata = await sharp(storedBytes).metadata();
  expect([metadata.width, metadata.height]).toEqual([2048, 1024]);

  const card = posts(page).first();
  await expect(card).toContainText(content);
  const picture = card.getByRole('img', { name: `Image shared by ${AUTHOR_NAME}`, exact: true });
  await expect(picture).toHaveAttribute('src', `${api}${post.postMedia}`);
  await expect(picture).toHaveAttribute('width', '2048');
  await expect(picture).toHaveAttribute('height', '1024');
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      picture.evaluate((image: HTMLImageElement) =>
        image.complete ? [image.naturalWidth, image.naturalHeight] : null,
      ),
    )
    .toEqual([post.postMediaWidth, post.postMediaHeight]);

  // At most 600 px high from 768 px wide, 400 px below.
  await expect(picture).toHaveCSS('max-height', '600px');
  expect((await picture.boundingBox())!.height).toBeLessThanOrEqual(600);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(picture).toHaveCSS('max-height', '400px');
  expect((await picture.boundingBox())!.height).toBeLessThanOrEqual(400);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(picture).toHaveCSS('max-height', '600px');
});

test('a post the API refuses: its own words in the dialog, and the text kept', async () => {
  await chip(page, 'General').click();
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  const modal = dialog(page);
  const text = modal.getByRole('textbox', { name: 'What would you like to share?' });
  const content = `Not really a picture ${stamp}`;
  await text.fill(content);
  // A file named and typed as a PNG whose bytes are not an image: the API reads the bytes.
  await modal.getByLabel('Image', { exact: true }).setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These bytes are words, not pixels.'),
  });
  await modal.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'Please choose a JPEG, PNG, WebP or GIF image.',
  );
  await expect(modal).toBeVisible();
  await expect(text).toHaveValue(content);
  await expect(modal.getByRole('img', { name: 'The chosen image' })).toBeAttached();

  // A real image with more pixels than the API decodes (one colour: small as a file).
  const huge = await sharp({
    create: { width: 6000, height: 5000, channels: 3, background: '#3a7d44' },
  })
    .png()
    .toBuffer();
  await modal
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'panorama.png', mimeType: 'image/png', buffer: huge });
  await modal.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(modal.getByRole('alert')).toHaveText('Images can be at most 25 megapixels.');
  await expect(text).toHaveValue(content);

  // Text of invisible characters only passes the page's check; the API's refusal is shown.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await text.fill('\u200B\u200D\u2060');
  await modal.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(modal.getByRole('alert')).toHaveText('A post needs some visible text.');
  await expect(text).toHaveValue('\u200B\u200D\u2060');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(postWith(page, content)).toHaveCount(0);
});

test('search: by text and by author, every word in any case, over the loaded posts', async () => {
  await readerPage.goto(`${web}/community`);
  await expect(posts(readerPage).first()).toBeVisible();
  const everything = await feedOf(reader, null);
  await expect(posts(readerPage)).toHaveText(contentsOf(everything));
  const search = readerPage.getByRole('searchbox', { name: 'Search posts' });
  const mine = everything.filter((post) => post.user._id === author.user._id);
  expect(mine, 'the author’s text and photo posts').toHaveLength(2);

  // The author's name, in other case: the author's two posts.
  await search.fill('wangari POSTER');
  await expect(posts(readerPage)).toHaveText(contentsOf(mine));
  await expect(postsBy(readerPage, AUTHOR_NAME)).toHaveCount(2);

  // Words of the text, any order and case: the one post that has them all.
  await search.fill(`THANKS ${stamp} allotment`);
  await expect(posts(readerPage)).toHaveText(contentsOf([textPost]));
  // A word of the text and one of the author's name.
  await search.fill(`stall wangari`);
  await expect(posts(readerPage)).toHaveCount(1);
  await expect(posts(readerPage)).toContainText(`Our market stall ${stamp}`);

  // One word matching nothing: no post, and the page says so.
  await search.fill(`allotment nowhere-${stamp}`);
  await expect(posts(readerPage)).toHaveCount(0);
  await expect(feed(readerPage).getByText('No post available')).toBeVisible();

  await search.fill('');
  await expect(posts(readerPage)).toHaveText(contentsOf(everything));
});

test('another member’s post: the options menu, and Report Post from it', async () => {
  const card = postWith(readerPage, textPost.content);
  await expect(card).toHaveAccessibleName(AUTHOR_NAME);
  const options = optionsOf(card, AUTHOR_NAME);
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('button', { name: 'Report Post' })).toHaveCount(0);
  await options.click();
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('listitem')).toHaveText(['Report Post', 'Block User']);
  // Escape closes the list and gives the focus back to the button.
  await readerPage.keyboard.press('Escape');
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await expect(options).toBeFocused();
  await expect(card.getByRole('button', { name: 'Block User' })).toHaveCount(0);

  await options.click();
  await card.getByRole('button', { name: 'Report Post' }).click();
  await expectToast(readerPage, 'Post reported successfully!');
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  // One report from a new account hides nothing.
  await readerPage.reload();
  await expect(postWith(readerPage, textPost.content)).toBeVisible();
});

test('reports: three from new accounts hide nothing; three from established ones hide the post from all but its author', async () => {
  const safety = categoryNamed('Safety Alerts');
  const keptContent = `A warning about a fake airdrop ${stamp}`;
  const hiddenContent = `Send me your seed phrase for a bonus ${stamp}`;
  const kept = await postAs(author, 'Safety Alerts', keptContent);
  const hidden = await postAs(author, 'Safety Alerts', hiddenContent);

  // Accounts made a minute ago: recorded, not counted.
  for (const reporter of reporters) {
    expect(await report(reporter, kept._id)).toBe('Post reported successfully!');
  }
  await readerPage.goto(`${web}/community?category=${safety._id}`);
  await expect(postWith(readerPage, keptContent)).toBeVisible();
  await expect(postWith(readerPage, hiddenContent)).toBeVisible();

  // Three days older, the same three members' reports count: the third hides the post.
  await makeEstablished(reporters);
  for (const reporter of reporters) {
    expect(await report(reporter, hidden._id)).toBe('Post reported successfully!');
  }
  // A report counts once.
  expect(await report(reporters[0]!, hidden._id)).toBe('You have already reported this post.');

  await readerPage.reload();
  await expect(postWith(readerPage, keptContent)).toBeVisible();
  await expect(postWith(readerPage, hiddenContent)).toHaveCount(0);
  await chip(readerPage, 'All').click();
  await expect(postWith(readerPage, keptContent)).toBeVisible();
  await expect(postWith(readerPage, hiddenContent)).toHaveCount(0);
  // One of the reporters does not see it either.
  expect(
    (await feedOf(reporters[1]!, null)).map((post) => post._id),
    'a reporter’s feed',
  ).not.toContain(hidden._id);

  // Its author still does, marked; the posts the earlier reports did not count against are not.
  await page.goto(`${web}/community?category=${safety._id}`);
  const hiddenCard = postWith(page, hiddenContent);
  await expect(hiddenCard).toBeVisible();
  await expect(hiddenCard.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(hiddenCard).toContainText(HIDDEN_NOTE);
  const keptCard = postWith(page, keptContent);
  await expect(keptCard).toBeVisible();
  await expect(keptCard).not.toContainText(HIDDEN_NOTE);
  await expect(keptCard.getByText('Hidden', { exact: true })).toHaveCount(0);
  expect(await seriousAccessibilityIssues(page), 'a hidden post seen by its author').toEqual([]);
});

test('blocking a member: their posts leave the feed at once, and stay gone after a reload', async () => {
  const [blocked] = reporters.slice(2);
  const theirContent = `Cheap USDC, message me ${stamp}`;
  await postAs(blocked!, 'General', theirContent);
  await postAs(blocked!, 'Market Talk', `Also selling followers ${stamp}`);

  await readerPage.goto(`${web}/community`);
  const theirs = postsBy(readerPage, blocked!.user.fullname);
  await expect(theirs).toHaveCount(2);
  await markPage(readerPage);
  const card = postWith(readerPage, theirContent);
  await optionsOf(card, blocked!.user.fullname).click();
  // The feed's reading again after the block is held: the posts leave before it, at once.
  const refetch = await holdNext(readerPage, pathIs('/community/feed'), 'GET');
  await card.getByRole('button', { name: 'Block User' }).click();
  await expectToast(readerPage, 'User blocked successfully!');
  await expect(theirs).toHaveCount(0);
  // Everyone else's posts stay.
  await expect(postWith(readerPage, textPost.content)).toBeVisible();
  await refetch();
  await expect(theirs).toHaveCount(0);
  expect(await notReloaded(readerPage), 'the page was not reloaded').toBe(true);

  await readerPage.reload();
  await expect(postWith(readerPage, textPost.content)).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await chip(readerPage, 'Market Talk').click();
  await expect(posts(readerPage).first()).toBeVisible();
  await expect(theirs).toHaveCount(0);
  // Only for the member who blocked: the author still sees them.
  await page.goto(`${web}/community`);
  await expect(postsBy(page, blocked!.user.fullname)).toHaveCount(2);
});

test('a long feed: twenty posts, then the rest as the end of the feed comes near', async () => {
  const academyHelp = categoryNamed('Academy Help');
  // Made after everything above, so the other tests' posts were on the first page.
  const made: Post[] = [];
  for (let index = 1; index <= 22; index++) {
    made.push(await postAs(reporters[1]!, 'Academy Help', `Study question ${index} ${stamp}`));
  }
  const all = await feedOf(reader, academyHelp._id, 50);
  expect(all.length).toBeGreaterThan(20);

  await readerPage.goto(`${web}/community?category=${academyHelp._id}`);
  await expect(posts(readerPage)).toHaveCount(20);
  await expect(posts(readerPage)).toHaveText(contentsOf(all.slice(0, 20)));
  const more = readerPage.getByRole('button', { name: 'Show more posts' });
  await expect(more).toBeVisible();
  await more.scrollIntoViewIfNeeded();
  await expect(posts(readerPage)).toHaveText(contentsOf(all));
  // The last page was short: nothing more to ask for.
  await expect(more).toHaveCount(0);
});

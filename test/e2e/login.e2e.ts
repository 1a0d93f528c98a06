import { seriousAccessibilityIssues } from './a11y.ts';
import { expect, test } from './fixtures.ts';

test.describe('/login', () => {
  test('shows the login form', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('validates before sending anything', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('toggles the password between hidden and shown', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/login`);
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
  });

  test('shows the api’s answer when the login is refused', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/login`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not-a-password');
    const answer = page.waitForResponse(`${stack.urls.api}/users/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logs a demo member in through the real api', async ({ stack, page }) => {
    const [member] = stack.demoMembers;
    expect(member).toBeDefined();
    await page.goto(`${stack.urls.web}/login`);
    await page.getByLabel('Email').fill(member!.email);
    await page.getByLabel('Password').fill(member!.password);
    const answer = page.waitForResponse(`${stack.urls.api}/users/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByText('Login successful! Welcome back!')).toBeVisible();
  });

  test('sends any unknown path to /login', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/no-such-page`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('has no serious accessibility issues', async ({ stack, page }) => {
    await page.goto(`${stack.urls.web}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await seriousAccessibilityIssues(page)).toEqual([]);
  });
});

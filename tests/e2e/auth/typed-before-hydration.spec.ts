// Signing in before the page's script is ready: what a fast typist or a password manager puts into the server's
// form is what is sent, however soon after hydration they press Sign in (one run sent an empty email and password).
import { expect, test } from '../fixtures';

test('a member who types their email and password before the form is ready, and signs in the moment it is, is signed in', async ({
  page,
  createMember,
}) => {
  const member = await createMember();
  // The form's script arrives late, as on a slow phone: the fields are filled in the server's HTML first.
  await page.route(/\/_astro\/SignInForm\.[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto('/signin', { waitUntil: 'commit' });
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await expect(submit).toBeDisabled();
  await submit.click();
  await expect(page.getByRole('banner').getByText(member.name, { exact: true })).toBeVisible();
});

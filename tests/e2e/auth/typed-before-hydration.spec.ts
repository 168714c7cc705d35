// Signing in with what was typed before the page's script was ready: the email and password a fast typist or a
// password manager puts into the server's form are taken into the form as it hydrates (Field's pre-hydration
// sync) and sent when Sign in is pressed the moment the button is enabled. Without that sync the sign-in fails.
// It does not tell a layout effect from a passive one: the button is enabled by useHydrated's re-render, which
// comes after the passive effects too, so either sync is in before the first click can land (tried: the script
// held and released, fields filled 0 to 150 ms after the page opened, React's scheduler slowed by 20 to 300 ms;
// it passed each time with useEffect). The empty sign-in a loaded widget run once sent is not reproduced here.
import { expect, test } from '../fixtures';

test('a member who types their email and password before the form’s script arrives, and signs in the moment it is enabled, is signed in with them', async ({
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

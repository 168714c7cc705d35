// Single sign-on from the team's app: "Sign in with Acme" and /sso?token=… sign people in with no
// password; every bad token is refused with a friendly message; the widget refuses one too.
import { badTokens, signIdentifyToken } from '../support/identify-tokens';
import { expect, test } from './fixtures';
import { openPanel, startWidgetStory } from './widget-support';

// Waiting for another worker's widget story to finish counts against the test's time.
test.describe.configure({ timeout: 150_000 });

test('“Sign in with Acme” sends the person to the app and brings them back signed in, with no password', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    await page.goto('/signin?next=/roadmap');
    await page.getByRole('link', { name: 'Sign in with Acme' }).click();
    await expect(page).toHaveURL(/\/roadmap$/);
    await expect(page.getByRole('banner').getByText(host.person.name ?? '')).toBeVisible();
    const member = await admin.collection('users').getFirstListItem(`email = "${host.person.email}"`);
    expect(member).toMatchObject({ external_id: host.person.sub, role: 'member', name: host.person.name });
  } finally {
    await host.stop();
  }
});

test('every bad identify token is refused with a friendly message, and nobody is signed in', async ({
  page,
  browser,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    const expected: Record<string, RegExp> = {
      expired: /has expired/,
      'not yet valid': /not valid yet/,
      'wrongly signed': /not valid/,
      'alg none': /not valid/,
      'living too long': /at most 10 minutes/,
      tampered: /not valid/,
      garbage: /not valid/,
    };
    for (const bad of await badTokens(secret, host.person)) {
      await page.goto(`/sso?token=${encodeURIComponent(bad.token)}&next=/roadmap`);
      await expect(page.getByTestId('sso-error'), bad.name).toContainText(expected[bad.name] ?? /./);
      await expect(page.getByRole('link', { name: 'Sign in with Acme again' })).toBeVisible();
    }
    await page.goto('/roadmap');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await admin.collection('users').getList(1, 1, { filter: `email = "${host.person.email}"` })).toMatchObject({
      totalItems: 0,
    });

    const token = await signIdentifyToken(secret, host.person);
    await page.goto(`/sso?token=${token}&next=/roadmap`);
    await expect(page).toHaveURL(/\/roadmap$/);
    // The same token replayed from another browser (a fresh one: the signed-in page above could write its
    // session back into cookies and storage cleared under it).
    const replay = await browser.newContext({ baseURL: baseURL as string });
    try {
      const replayPage = await replay.newPage();
      await replayPage.goto(`/sso?token=${token}`);
      await expect(replayPage.getByTestId('sso-error')).toContainText('already used');
    } finally {
      await replay.close();
    }

    const settings = await admin.collection('widget_settings').getFirstListItem('');
    await admin.collection('widget_settings').update(settings.id, { sso_enabled: false });
    await page.goto(`/sso?token=${await signIdentifyToken(secret, host.person)}`);
    await expect(page.getByTestId('sso-error')).toContainText('turned off');
    await page.goto('/signin');
    await expect(page.getByRole('link', { name: 'Sign in with Acme' })).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('the widget refuses a bad identify token politely and stays signed out', async ({ page, admin, baseURL }) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    await page.goto(host.origin);
    const frame = await openPanel(page);
    const expired = await signIdentifyToken(secret, host.person, { iat: -700, exp: -60 });
    await page.evaluate(
      (token) => (window as unknown as { Chorus: { identify(t: string): void } }).Chorus.identify(token),
      expired,
    );
    await expect(frame.getByTestId('toast')).toContainText('This sign-in link has expired');
    await expect(frame.getByTestId('embed-user')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('with no product name set, a refused sign-in link says it could not sign the person in', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  const settings = await admin.collection('widget_settings').getFirstListItem('');
  try {
    await admin.collection('widget_settings').update(settings.id, { product_name: '' });
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    const expired = await signIdentifyToken(secret, host.person, { iat: -700, exp: -60 });
    await page.goto(`/sso?token=${encodeURIComponent(expired)}&next=/roadmap`);
    await expect(page.getByTestId('sso-error')).toContainText('has expired');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t sign you in');
    await expect(page.getByRole('link', { name: 'Try single sign-on again' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('your account');

    // The sign-in page offers it by what it is.
    await page.goto('/signin');
    await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
  } finally {
    await admin.collection('widget_settings').update(settings.id, { product_name: 'Acme' });
    await host.stop();
  }
});

// Single sign-on from the team's app: "Sign in with Acme" and /sso?token=… sign people in with no
// password; every bad token is refused with a friendly message; the widget refuses one too. A link that did
// not start in this browser, or one arriving while another member is signed in, asks before signing in.
import type { Page } from '@playwright/test';
import { badTokens, signIdentifyToken } from '../../support/identify-tokens';
import { overflowsOf } from '../accessibility/overflow';
import { expect, test } from '../fixtures';
import { openPanel, startWidgetStory } from '../widget-support';

/** A link made elsewhere asks "Sign in as …?" first (a token with no readable email goes straight on). */
async function continueIfAsked(page: Page): Promise<void> {
  const ask = page.getByTestId('sso-ask');
  await expect(ask.or(page.getByTestId('sso-error'))).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: /^Continue as / }).click();
}

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
    // Begun here (the state /sso/start kept matches the one the app sent back): no question asked.
    await expect(page).toHaveURL(/:\d+\/roadmap$/);
    await expect(page.getByRole('banner').getByText(host.person.name ?? '')).toBeVisible();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('chorus_sso_state');
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
      await continueIfAsked(page);
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
    await continueIfAsked(page);
    await expect(page).toHaveURL(/:\d+\/roadmap$/);
    // The same token replayed from another browser (a fresh one: the signed-in page above could write its
    // session back into cookies and storage cleared under it).
    const replay = await browser.newContext({ baseURL: baseURL as string });
    try {
      const replayPage = await replay.newPage();
      await replayPage.goto(`/sso?token=${token}`);
      await continueIfAsked(replayPage);
      await expect(replayPage.getByTestId('sso-error')).toContainText('already used');
    } finally {
      await replay.close();
    }

    const settings = await admin.collection('widget_settings').getFirstListItem('');
    await admin.collection('widget_settings').update(settings.id, { sso_enabled: false });
    await page.goto(`/sso?token=${await signIdentifyToken(secret, host.person)}`);
    await continueIfAsked(page);
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
    await continueIfAsked(page);
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

test('an attacker’s sign-in link never swaps a signed-in member’s session: the page asks, naming both accounts', async ({
  page,
  browser,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    // The customer signs in with Acme.
    await page.goto('/signin?next=/roadmap');
    await page.getByRole('link', { name: 'Sign in with Acme' }).click();
    await expect(page.getByRole('banner').getByText(host.person.name ?? '')).toBeVisible();
    // The attacker, an Acme user too, gets a token for their own account and lures the customer to it.
    const attacker = { sub: `attacker-${Date.now()}`, email: `attacker-${Date.now()}@example.com`, name: 'Attacker' };
    const lure = `/sso?token=${await signIdentifyToken(secret, attacker)}&next=/roadmap`;
    await page.goto(lure);
    const ask = page.getByTestId('sso-ask');
    await expect(ask).toContainText(host.person.email);
    await expect(ask).toContainText(attacker.email);
    await ask.getByRole('button', { name: `Stay signed in as ${host.person.email}` }).click();
    await expect(page).toHaveURL(/:\d+\/roadmap$/);
    await expect(page.getByRole('banner').getByText(host.person.name ?? '')).toBeVisible();
    expect((await admin.collection('users').getList(1, 1, { filter: `email = "${attacker.email}"` })).totalItems).toBe(
      0,
    );

    // Signed out, the same kind of link asks too, and "Don't sign in" leaves the visitor signed out.
    const visitor = await browser.newContext({ baseURL: baseURL as string });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/sso?token=${await signIdentifyToken(secret, attacker)}&next=/roadmap`);
      await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(`Sign in as ${attacker.email}?`);
      await visitorPage.getByRole('button', { name: 'Don’t sign in' }).click();
      await expect(visitorPage).toHaveURL(/:\d+\/roadmap$/);
      await expect(visitorPage.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

      // On a phone, the question about a long address breaks it rather than widen the page (it reached 655 px).
      const long = { ...attacker, email: `a-rather-long-address-${Date.now()}@customers.example.com` };
      await visitorPage.setViewportSize({ width: 390, height: 844 });
      await visitorPage.goto(`/sso?token=${await signIdentifyToken(secret, long)}&next=/roadmap`);
      await expect(visitorPage.getByRole('button', { name: `Continue as ${long.email}` })).toBeVisible();
      expect(await overflowsOf(visitorPage), 'the question on a phone').toEqual([]);
    } finally {
      await visitor.close();
    }
  } finally {
    await host.stop();
  }
});

test('the app’s picture is shown as the member’s avatar, loaded by the browser with no referrer', async ({
  page,
  admin,
  baseURL,
}) => {
  const host = await startWidgetStory(admin, baseURL ?? '');
  try {
    const secret = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    const avatar = 'https://images.example.com/people/acme-7.png';
    const person = { sub: `pictured-${Date.now()}`, email: `pictured-${Date.now()}@example.com`, name: 'Pictured' };
    await page.goto(`/sso?token=${await signIdentifyToken(secret, { ...person, avatar })}&next=/roadmap`);
    await continueIfAsked(page);
    await expect(page).toHaveURL(/:\d+\/roadmap$/);
    const picture = page.getByRole('banner').locator(`img[src="${avatar}"]`);
    await expect(picture).toHaveAttribute('referrerpolicy', 'no-referrer');
  } finally {
    await host.stop();
  }
});

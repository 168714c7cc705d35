// Only confirmed people count (issue 42): an unconfirmed member's vote is theirs on screen, the button says it
// counts once the email is confirmed, and the count every visitor sees moves, live, the moment it is.
import { expect, test } from '../fixtures';
import { createIdea, openPage } from '../ideas-helpers';
import { adoptSession } from '../staff-helpers';

const linkIn = (html: string) => (html.match(/href="([^"]+)"/)?.[1] ?? '').replaceAll('&amp;', '&');

test('an unverified member votes, the button says the vote counts once the email is confirmed; after confirming, a visitor in another tab sees the count move', async ({
  browser,
  page,
  admin,
  mail,
  baseURL,
  createMember,
}) => {
  const author = await createMember();
  const id = await createIdea(admin, { author: author.id, title: `Held vote ${Date.now().toString(36)}` });
  const member = {
    name: `Newcomer ${Date.now().toString(36)}`,
    email: `newcomer-${Date.now().toString(36)}@example.com`,
    password: 'a-long-password-123',
  };
  const record = await admin
    .collection('users')
    .create({ ...member, passwordConfirm: member.password, verified: false, role: 'member' });

  // A visitor has the idea open in another tab.
  await openPage(page, `/p/${id}`);
  await expect(page.getByTestId('vote-count')).toHaveText('0');

  // An unconfirmed account cannot sign in with a password (issue 55): this member's session is one they held
  // before (the operator's impersonation gives the same session).
  const context = await browser.newContext();
  await adoptSession(context, baseURL as string, await admin.collection('users').impersonate(record.id, 3600));
  const memberPage = await context.newPage();
  await openPage(memberPage, `/p/${id}`);
  const button = memberPage.getByTestId('vote-button');
  await button.click();
  // Recorded as theirs, held: the button says why the count did not move, and offers the email again.
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const note = memberPage.getByTestId('vote-held');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Confirm your email to count your vote.');
  await expect(memberPage.getByTestId('vote-count')).toHaveText('0');
  await expect(page.getByTestId('vote-count')).toHaveText('0');
  await memberPage.reload();
  await expect(memberPage.getByTestId('vote-held')).toBeVisible();
  await expect(memberPage.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');

  await memberPage.getByRole('button', { name: 'Send the confirmation email again' }).click();
  await expect(memberPage.getByTestId('vote-held')).toContainText('Sent.');
  const link = linkIn((await mail.waitFor(member.email, /verif|confirm/i)).html);
  expect(link).toMatch(/\/verify\?token=/);
  const confirmTab = await context.newPage();
  await confirmTab.goto(link);
  await expect(confirmTab.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(1);
  // The visitor's tab, untouched: the count moves live. The member's tab drops the note.
  await expect(page.getByTestId('vote-count')).toHaveText('1');
  await expect(memberPage.getByTestId('vote-count')).toHaveText('1');
  await expect(memberPage.getByTestId('vote-held')).toBeHidden();
  await context.close();
});

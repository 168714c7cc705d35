// "Did you send this?" (issue 55): an emailed idea Chorus could not attribute waits for its sender's one-time link.
// The sender opens it, reads their message, and only the button posts it; a wrong, used or made-up link says so.
// The waiting message is arranged as PocketBase keeps one (the mail that makes it is tests/integration's story).
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '../fixtures';
import { clientFor, demoPassword } from '../staff-helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

test('a sender opens the link mailed about their emailed idea, reads it, and posts it; the link then no longer works', async ({
  page,
  admin,
  pbUrl,
}) => {
  const board = await admin.collection('boards').getFirstListItem('slug = "features"');
  const staff = await clientFor(pbUrl, 'admin@example.com', demoPassword());
  const { boards } = await staff.send('/api/chorus/inbound-email/addresses', {});
  const to = String(boards[board.id]);
  const subject = `Emailed idea ${Date.now().toString(36)}`;
  const sender = `sender-${Date.now().toString(36)}@example.com`;
  const raw = Buffer.from(
    `From: Sam Sender <${sender}>\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nPlease add keyboard shortcuts.\r\n`,
  ).toString('base64');
  const token = randomBytes(20).toString('hex');
  await admin.collection('inbound_pending').create({
    token_hash: sha256(token),
    sender,
    reason: 'unauthenticated',
    claims: { to, from: sender },
    raw,
    expires: new Date(Date.now() + 3600_000).toISOString().replace('T', ' '),
  });

  await page.goto(`/email/confirm?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Did you send this?' })).toBeVisible();
  await expect(page.getByText(`An email from ${sender} asks to post this idea:`)).toBeVisible();
  await expect(page.getByTestId('inbound-subject')).toHaveText(subject);
  // Opening the link posted nothing.
  const titled = () =>
    admin.collection('posts').getFullList({ filter: admin.filter('title = {:title}', { title: subject }) });
  expect(await titled()).toHaveLength(0);

  await page.getByRole('button', { name: 'Post it' }).click();
  await expect(page.getByTestId('inbound-posted')).toContainText('The team reviews new ideas');
  const [idea] = await titled();
  expect(idea).toMatchObject({ approved: false, body: 'Please add keyboard shortcuts.' });

  // Used once: the same link, and a made-up one, say it does not work.
  await page.goto(`/email/confirm?token=${token}`);
  await expect(page.getByTestId('inbound-invalid')).toContainText('invalid, has expired or was already used');
  const response = await page.goto('/email/confirm?token=made-up');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('inbound-invalid')).toBeVisible();
});

// A support lead triages forwarded customer emails in the feedback inbox (issue 58) with the keyboard: an email
// arrives live while the inbox is open, `l` links it to the suggested idea (the customer's vote on their behalf, the
// quote kept for staff on the idea), `n` makes another into a new idea, `d` dismisses a third; the inbox then says
// whether the customer was told when the idea was planned; on a phone too.
// The items are arranged as the forwarded-mail source stores them (the mail that makes them is
// tests/integration/feedback/forwarded-mail.test.ts's story, through the real SMTP listener).
import type PocketBase from 'pocketbase';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn, unique } from '../staff-helpers';

/** A forwarded email as the mail source keeps it: the original sender, their words, the ideas they seem to mean. */
function forwarded(
  admin: PocketBase,
  fields: { email: string; name: string; title: string; quote: string; suggest?: string },
) {
  return admin.collection('feedback_items').create({
    source: 'mail',
    dedupe_key: unique('e2e').replace(/\W/g, ''),
    source_url: `mailto:${fields.email}`,
    author_email: fields.email,
    author_name: fields.name,
    title: fields.title,
    quote: fields.quote,
    status: 'new',
    suggestions: fields.suggest ? [{ id: fields.suggest, score: 0.03, via: 'meaning' }] : [],
  });
}

test('a support lead triages a forwarded email into an idea with the keyboard', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
}) => {
  const board = await admin.collection('boards').getFirstListItem('slug = "features"');
  const idea = await admin
    .collection('posts')
    .getFirstListItem(`board = "${board.id}" && approved = true`, { sort: 'created' });
  const customer = `${unique('dana').replace(/\W/g, '')}@globex.example`;
  // An inbox with only today's forwards (this spec is the only one that arranges feedback).
  for (const left of await admin.collection('feedback_items').getFullList({ filter: 'status = "new"' })) {
    await admin.collection('feedback_items').update(left.id, { status: 'dismissed' });
  }
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  await page.goto('/admin/inbox');
  await expect(page.getByRole('heading', { name: 'Feedback inbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByTestId('feedback-mail-address')).toHaveText(/^f\.[a-f0-9]{24}@/);

  // Three forwards arrive while the page is open.
  const toLink = await forwarded(admin, {
    email: customer,
    name: 'Dana Scully',
    title: 'Getting our data out',
    quote: 'Could we download all of this as a spreadsheet?',
    suggest: idea.id,
  });
  const toIdea = await forwarded(admin, {
    email: `new-${customer}`,
    name: 'Fox Mulder',
    title: unique('Offline mode for field agents'),
    quote: 'We lose signal in the field and still want to vote.',
  });
  const toDismiss = await forwarded(admin, {
    email: `spam-${customer}`,
    name: 'Cold Caller',
    title: 'Buy our leads',
    quote: 'Ten thousand leads for a dollar.',
  });
  const card = (id: string) => page.locator(`[data-feedback="${id}"]`);
  await expect(card(toLink.id)).toBeVisible();
  await expect(card(toIdea.id)).toBeVisible();
  await expect(card(toDismiss.id)).toBeVisible();
  await expect(card(toLink.id)).toContainText('Dana Scully');
  await expect(card(toLink.id).getByRole('radio', { name: new RegExp(idea.title.slice(0, 20)) })).toBeChecked();

  // j/k move to the email (newest first: it is third), l links it to the suggested idea; the selection then moves
  // to the neighbour.
  const selected = (id: string) => expect(card(id)).toHaveAttribute('data-selected', 'true');
  for (let i = 0; i < 3; i++) await page.keyboard.press('k');
  await selected(toDismiss.id);
  await page.keyboard.press('j');
  await selected(toIdea.id);
  await page.keyboard.press('j');
  await selected(toLink.id);
  await page.keyboard.press('k');
  await selected(toIdea.id);
  await page.keyboard.press('j');
  await selected(toLink.id);
  await page.keyboard.press('l');
  await expect(page.getByText('Linked: their vote counts')).toBeVisible();
  await expect(card(toLink.id)).toHaveCount(0);
  const voter = await admin.collection('users').getFirstListItem(admin.filter('email = {:email}', { email: customer }));
  const vote = await admin.collection('votes').getFirstListItem(`post = "${idea.id}" && user = "${voter.id}"`);
  expect(vote.on_behalf_by).not.toBe('');
  const linked = await admin.collection('feedback_items').getOne(toLink.id);
  const evidence = await admin.collection('comments').getOne(linked.evidence);
  expect(evidence).toMatchObject({ internal: true });
  expect(evidence.body).toContain('Could we download all of this as a spreadsheet?');

  // n: a new idea, prefilled from the email; Enter creates and links it.
  await selected(toIdea.id);
  await page.keyboard.press('n');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(toIdea.title);
  await page.keyboard.press('Enter');
  await expect(page.getByText('New idea made and linked.')).toBeVisible();
  const made = await admin
    .collection('posts')
    .getFirstListItem(admin.filter('title = {:title}', { title: toIdea.title }));
  expect(made).toMatchObject({ body: 'We lose signal in the field and still want to vote.', vote_count: 1 });

  // d: dismissed, nothing posted.
  await selected(toDismiss.id);
  await page.keyboard.press('d');
  await expect(card(toDismiss.id)).toHaveCount(0);
  // The card leaves at once; the dismiss is saved when PocketBase answers.
  await expect
    .poll(async () => (await admin.collection('feedback_items').getOne(toDismiss.id)).status)
    .toBe('dismissed');

  // The new idea is planned: its customer would be told by email, but the link made their account and they have not
  // confirmed it, so the inbox says they were not told, and why.
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(made.id, { status: planned.id });
  const told = page.getByTestId('feedback-told');
  await expect(async () => {
    await page.reload();
    await expect(
      told
        .getByRole('listitem')
        .filter({ hasText: toIdea.title.slice(0, 20) })
        .first(),
    ).toContainText(`Fox Mulder (Email): ${made.title} is Planned; not told (unconfirmed).`);
  }).toPass({ timeout: 10_000 });
  await expect(told.getByRole('heading', { name: 'Customers told where they asked' })).toBeVisible();
  await admin.collection('posts').update(made.id, { status: made.status });

  // The same page on a phone: nothing scrolls sideways, and axe finds nothing.
  await forwarded(admin, {
    email: `long-${customer}`,
    name: 'A'.repeat(60),
    title: 'W'.repeat(150),
    quote: 'x'.repeat(300),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('feedback-inbox')).toBeVisible();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

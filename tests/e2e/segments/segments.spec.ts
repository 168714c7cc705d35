// Segments, in the user's words: "an admin makes a board visible to one segment; a member outside it cannot
// find it anywhere, not even through search" (and a member inside it sees it).
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('an admin makes a board visible to one segment; a member outside it cannot find it anywhere, not even through search', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(150_000); // two browsers, every place a board can show, and axe
  const plan = unique('Platinum');
  const company = await admin.collection('companies').create({ external_id: `co-${Date.now()}`, name: 'Acme', plan });
  const [inside, outside] = await Promise.all([createMember(), createMember()]);
  await admin.collection('member_profiles').create({ user: inside.id, company: company.id });

  // The admin saves the segment, then a board only it sees.
  const adminContext = await browser.newContext();
  await signIn(adminContext, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/segments');
  const newSegment = adminPage.getByRole('region', { name: 'New segment' });
  const segmentName = unique('Platinum customers');
  await newSegment.getByLabel('Name').fill(segmentName);
  await newSegment.getByLabel('Field of rule 1').fill('plan');
  await newSegment.getByLabel('Operator of rule 1').selectOption('eq');
  await newSegment.getByLabel('Value of rule 1').fill(plan);
  await newSegment.getByRole('button', { name: 'Create' }).click();
  await expect(adminPage.getByRole('region', { name: segmentName }).getByTestId('member-count')).toContainText(
    'Members: 1',
  );

  await expectNoAxeViolations(adminPage, '/admin/segments');

  const slug = `platinum-${Date.now().toString(36)}`;
  const boardName = unique('Platinum lounge');
  await adminPage.goto('/admin/boards');
  await expect(adminPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const form = adminPage.getByRole('form', { name: 'New board' });
  await form.getByLabel('Name').fill(boardName);
  await form.getByLabel('Slug').fill(slug);
  await form.getByLabel('Visibility').selectOption({ label: 'one segment' });
  await form.getByLabel('Segment (for “one segment” boards)').selectOption({ label: segmentName });
  await form.getByRole('button', { name: 'Add board' }).click();
  await expect
    .poll(async () => (await admin.collection('boards').getList(1, 1, { filter: `slug = "${slug}"` })).totalItems)
    .toBe(1);
  const board = await admin.collection('boards').getFirstListItem(`slug = "${slug}"`);
  expect(board.visibility).toBe('segment');
  const word = `quokka${Date.now().toString(36)}`;
  const idea = await admin
    .collection('posts')
    .create({ board: board.id, author: inside.id, title: `A ${word} lounge`, body: 'Private.', approved: true });
  await adminContext.close();

  // A member outside the segment: not on the home page, not at its address, not in search, not in the sitemap.
  const outsideContext = await browser.newContext();
  await signIn(outsideContext, baseURL as string, pbUrl, outside.email, outside.password);
  const page = await outsideContext.newPage();
  await page.goto('/');
  await expect(page.getByText(boardName)).toHaveCount(0);
  expect((await page.goto(`/b/${slug}`))?.status()).toBe(404);
  expect((await page.goto(`/p/${idea.id}`))?.status()).toBe(404);
  await page.goto(`/?q=${word}`);
  await expect(page.getByRole('link', { name: `A ${word} lounge` })).toHaveCount(0);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain(slug);
  const search = await page.request.get(`${pbUrl}/api/chorus/search?q=${word}`);
  expect((await search.json()).totalItems).toBe(0);
  await outsideContext.close();

  // A member inside sees the board (labelled), its idea, and finds it by search.
  const insideContext = await browser.newContext();
  await signIn(insideContext, baseURL as string, pbUrl, inside.email, inside.password);
  const insidePage = await insideContext.newPage();
  await insidePage.goto('/');
  const card = insidePage
    .getByRole('region', { name: 'Boards' })
    .getByRole('listitem')
    .filter({ has: insidePage.getByRole('link', { name: boardName }) });
  await expect(card).toContainText('Segment only');
  await insidePage.goto(`/b/${slug}`);
  await expect(insidePage.getByRole('link', { name: `A ${word} lounge` })).toBeVisible();
  await insidePage.goto(`/?q=${word}`);
  await expect(insidePage.getByRole('link', { name: `A ${word} lounge` })).toBeVisible();
  await insideContext.close();
});

test('staff see what one segment wants, with its share of the votes; a member asking the same gets the plain list', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const plan = unique('Diamond');
  const company = await admin.collection('companies').create({ external_id: `co-${Date.now()}`, name: 'Gem', plan });
  const [customer, other] = await Promise.all([createMember(), createMember()]);
  await admin.collection('member_profiles').create({ user: customer.id, company: company.id });
  const segment = await admin.collection('segments').create({
    name: unique('Diamond'),
    conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: plan }] },
  });
  const wanted = await createIdea(admin, other.id, unique('Diamond export'));
  const unwanted = await createIdea(admin, other.id, unique('Nobody diamond wants'));
  for (const voter of [customer, other]) await admin.collection('votes').create({ post: wanted.id, user: voter.id });

  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await staff.newPage();
  await page.goto(`/b/features?sort=new&segment=${segment.id}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: wanted.title }) });
  await expect(card.getByTestId('segment-votes')).toHaveText(`1 of 2 votes from ${segment.name}`);
  await expect(page.getByRole('link', { name: unwanted.title })).toHaveCount(0);
  await expect(page.getByLabel('Segment')).toHaveValue(segment.id);
  await staff.close();

  const member = await browser.newContext();
  await signIn(member, baseURL as string, pbUrl, other.email, other.password);
  const memberPage = await member.newPage();
  await memberPage.goto(`/b/features?sort=new&segment=${segment.id}`);
  await expect(memberPage.getByRole('link', { name: unwanted.title })).toBeVisible();
  await expect(memberPage.getByTestId('segment-votes')).toHaveCount(0);
  await expect(memberPage.getByLabel('Segment')).toHaveCount(0);
  await member.close();
});

// The staff mark as readers and an impostor meet it (issue 42): a moderator's answer carries "Team" beside the
// name, live and after a reload, a member's comment never does, and signing up under the moderator's name in
// look-alike letters is refused next to the name field.
import { expect, test } from '../fixtures';
import { openPage } from '../ideas-helpers';
import { clientFor, createIdea, signIn, unique } from '../staff-helpers';

test("a moderator's comment shows the Team mark; a member named like the moderator cannot be created", async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5);
  const moderator = await createMember({ role: 'moderator', name: `Morgan Reyes ${tag}` });
  const member = await createMember();
  const idea = await createIdea(admin, member.id, unique('Dark mode'));
  const memberText = unique('I am on the team too');
  const memberClient = await clientFor(pbUrl, member.email, member.password);
  await memberClient.collection('comments').create({ post: idea.id, author: member.id, body: memberText });

  // A visitor has the idea open while the moderator answers.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await openPage(reader, `/p/${idea.id}`);

  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, moderator.email, moderator.password);
  const page = await staff.newPage();
  await openPage(page, `/p/${idea.id}`);
  const answer = unique('Dark mode ships next week');
  await page.getByRole('textbox', { name: 'Add a comment' }).fill(answer);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('comment').filter({ hasText: answer }).getByTestId('team-mark')).toHaveText('Team');

  const arrived = reader.getByTestId('comment').filter({ hasText: answer });
  await expect(arrived.getByText(moderator.name, { exact: true })).toBeVisible();
  await expect(arrived.getByTestId('team-mark')).toHaveText('Team');
  await openPage(reader, `/p/${idea.id}`);
  await expect(reader.getByTestId('comment').filter({ hasText: answer }).getByTestId('team-mark')).toHaveText('Team');
  await expect(reader.getByTestId('comment').filter({ hasText: memberText })).toBeVisible();
  await expect(reader.getByTestId('comment').filter({ hasText: memberText }).getByTestId('team-mark')).toHaveCount(0);

  // An impostor signs up as the moderator, with Cyrillic "о" and "е" and in capitals.
  const impostor = await browser.newContext();
  const signup = await impostor.newPage();
  await openPage(signup, '/signup');
  const lookalike = moderator.name.replace(/o/g, 'о').replace(/e/g, 'е').toUpperCase();
  const email = `impostor-${tag}-${Date.now().toString(36)}@example.com`;
  const name = signup.getByLabel('Name', { exact: true });
  await name.fill(lookalike);
  await signup.getByLabel('Email', { exact: true }).fill(email);
  await signup.getByLabel('Password', { exact: true }).fill('a-long-password-123');
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(name).toHaveAccessibleDescription(/looks like the name of someone on the team/);
  await expect(name).toHaveValue(lookalike);
  expect(await admin.collection('users').getFullList({ filter: admin.filter('email = {:email}', { email }) })).toEqual(
    [],
  );
  await Promise.all([visitor.close(), staff.close(), impostor.close()]);
});

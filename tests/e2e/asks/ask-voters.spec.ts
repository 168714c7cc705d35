// Staff ask an idea's voters a question from the idea page; a voter, in their own browser, finds it on the idea
// and answers; the answer appears on the staff member's open page, with the voter's company, without a reload.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { clientFor, createIdea, signIn, unique } from '../staff-helpers';

test('staff ask the voters a question and an answer appears on the idea', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  // Two browsers, two members' sign-ins and two axe checks: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const staff = await createMember({ role: 'moderator' });
  const voter = await createMember();
  const company = await admin
    .collection('companies')
    .create({ external_id: unique('acme').replace(/\s/g, '-'), name: unique('Acme'), monthly_revenue: 900 });
  await admin.collection('member_profiles').create({ user: voter.id, company: company.id });
  const idea = await createIdea(admin, staff.id, unique('CSV import'));
  await (await clientFor(pbUrl, voter.email, voter.password))
    .collection('votes')
    .create({ post: idea.id, user: voter.id });

  const staffContext = await browser.newContext();
  const voterContext = await browser.newContext();
  await signIn(staffContext, baseURL as string, pbUrl, staff.email, staff.password);
  await signIn(voterContext, baseURL as string, pbUrl, voter.email, voter.password);
  try {
    const staffPage = await staffContext.newPage();
    await staffPage.goto(`/p/${idea.id}`);
    const ask = staffPage.getByTestId('staff-ask');
    await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await ask.getByLabel('Question').fill('Would a CSV import cover your case?');
    await ask.getByRole('button', { name: 'Send question' }).click();
    await expect(ask.getByRole('status')).toHaveText('Question sent. Recipients: 1.');
    await expect(ask.getByRole('heading', { name: 'Would a CSV import cover your case?' })).toBeVisible();

    const voterPage = await voterContext.newPage();
    await voterPage.goto(`/p/${idea.id}#ask`);
    const question = voterPage.getByTestId('member-ask');
    await expect(question).toContainText('Would a CSV import cover your case?');
    await expectNoAxeViolations(voterPage, 'idea page, a question for the member');
    await question.getByLabel('Your answer').fill('Yes, if it keeps our custom fields.');
    await question.getByRole('button', { name: 'Send answer' }).click();
    await expect(voterPage.getByRole('status').filter({ hasText: 'the team got your answer' })).toBeVisible();
    await expect(voterPage.getByTestId('member-ask')).toHaveCount(0);

    const answers = ask.getByTestId('staff-answers');
    await expect(answers).toContainText('Yes, if it keeps our custom fields.');
    await expect(answers).toContainText(voter.name);
    await expect(answers).toContainText(company.name);
    await expectNoAxeViolations(staffPage, 'idea page, staff asking the voters');
  } finally {
    await staffContext.close();
    await voterContext.close();
  }
});

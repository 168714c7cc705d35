// The customer stores against a real PocketBase (issue #24): staff follow what an idea is worth live (a
// member's tab following it hears nothing), admins upload companies and see each bad line, staff save a
// member's company and attributes.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InsightRow, loadIdeaWorth } from '../../../src/features/priority/priority-data';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';
import { countRequests, openTab, type Tab, waitFor } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
const tabs: Tab[] = [];
const stops: (() => void)[] = [];

async function tab(as?: keyof Actors): Promise<Tab> {
  const opened = await openTab(pb.url, as ? actors[as] : undefined);
  tabs.push(opened);
  return opened;
}

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  for (const stop of stops) stop();
  for (const t of tabs) t.close();
  await pb?.stop();
});

describe('what an idea is worth, live for staff', () => {
  it("rises in a staff tab when a customer votes, with the plan and the company; a member's tab hears nothing", async () => {
    const company = await pb.admin
      .collection('companies')
      .create({ external_id: `live-${Date.now()}`, name: 'Live Co', plan: 'Enterprise', monthly_revenue: 2500 });
    const customer = await pb.actor('member');
    await pb.admin.collection('member_profiles').create({ user: idOf(customer), company: company.id });
    const post = await createPost(pb, board, actors.member);
    const staff = await tab('moderator');
    const initial = await loadIdeaWorth(staff.client, post.id);
    expect(initial).toEqual({ revenue: 0, company_count: 0, plans: {}, companies: [] });
    stops.push(staff.worth.followIdeaWorth(post.id, initial));
    const member = await tab('member');
    const memberInitial = { revenue: 0, company_count: 0, plans: {}, companies: [] };
    stops.push(member.worth.followIdeaWorth(post.id, memberInitial));
    await staff.live();

    await customer.collection('votes').create({ post: post.id, user: idOf(customer) });
    await waitFor(() => staff.worth.$ideaWorth.get()?.revenue === 2500);
    await waitFor(() => (staff.worth.$ideaWorth.get()?.companies.length ?? 0) === 1);
    expect(staff.worth.$ideaWorth.get()).toMatchObject({
      company_count: 1,
      plans: { Enterprise: { votes: 1, revenue: 2500, companies: 1 } },
      companies: [{ name: 'Live Co', plan: 'Enterprise', monthly_revenue: 2500 }],
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(member.worth.$ideaWorth.get()).toEqual(memberInitial);
    // And a member reading it directly gets none of it (the rules answer nothing).
    expect(await loadIdeaWorth(member.client, post.id)).toEqual(memberInitial);
    expect((await loadIdeaWorth(staff.client, post.id)).revenue).toBe(2500);
    // Handed the idea's insights row (the idea page's expand), the companies are read only when it counts one:
    // counted at the client, as an idea no company voted for shows no company whether they are read or not.
    const sent = countRequests(staff.client);
    const companiesAsked = () => sent.filter((request) => request.includes('/api/collections/companies/')).length;
    const row = await pb.admin.collection('post_insights').getOne<InsightRow>(post.id);
    expect((await loadIdeaWorth(staff.client, post.id, row)).companies).toEqual([
      expect.objectContaining({ name: 'Live Co' }),
    ]);
    expect(companiesAsked()).toBe(1);
    const none = await createPost(pb, board, actors.member);
    await actors.member.collection('votes').create({ post: none.id, user: idOf(actors.member) });
    const noneRow = await pb.admin.collection('post_insights').getOne<InsightRow>(none.id);
    expect(noneRow.company_count).toBe(0);
    expect(await loadIdeaWorth(staff.client, none.id, noneRow)).toMatchObject({
      company_count: 0,
      companies: [],
    });
    expect(companiesAsked(), sent.join('\n')).toBe(1);
  });
});

describe('admins upload companies', () => {
  it('shows each bad line, then imports a good file', async () => {
    const admin = await tab('admin');
    expect(await admin.companies.uploadCompanies('id,name,plan,monthly_revenue\nok-1,Ok,,1\nbad id,Bad,,x\n')).toBe(
      false,
    );
    expect(admin.companies.$importOutcome.get()).toMatchObject({
      message: 'Nothing was imported: some lines need fixing.',
      problems: [
        { line: 3, column: 'id', code: 'whitespace' },
        { line: 3, column: 'monthly_revenue', code: 'revenue' },
      ],
      total: 2,
    });
    const id = `store-${Date.now()}`;
    expect(await admin.companies.uploadCompanies(`id,name\n${id},Store Co\n`)).toBe(true);
    expect(admin.companies.$importOutcome.get()?.counts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const moderator = await tab('moderator');
    expect(await moderator.companies.uploadCompanies(`id,name\n${id}-m,Nope\n`)).toBe(false);
    expect(moderator.toast.$toast.get()?.message).toBe('Only admins can do this.');
  });
});

describe("staff set a member's company and attributes", () => {
  it('reads "key = value" lines as a typed map, and saves them with the chosen company', async () => {
    const moderator = await tab('moderator');
    const { parseAttributes, formatAttributes } = moderator.memberProfiles;
    expect(parseAttributes('seats = 40\nbeta = true\n\nregion = eu west\nratio = -1.5')).toEqual({
      attributes: { seats: 40, beta: true, region: 'eu west', ratio: -1.5 },
    });
    expect(parseAttributes('seats = 1\nno equals sign')).toEqual({ badLine: 2 });
    expect(parseAttributes('1bad = x')).toEqual({ badLine: 1 });
    expect(formatAttributes({ seats: 40, beta: false })).toBe('seats = 40\nbeta = false');

    const company = await pb.admin
      .collection('companies')
      .create({ external_id: `pick-${Date.now()}`, name: 'Pickable Inc', plan: 'Pro', monthly_revenue: 10 });
    expect((await moderator.memberProfiles.findCompanies('Pickable')).map((c) => c.id)).toEqual([company.id]);
    const member = await pb.actor('member');
    const saved = await moderator.memberProfiles.saveProfile(idOf(member), company.id, { seats: 3 });
    expect(saved.ok).toBe(true);
    expect(moderator.memberProfiles.$profiles.get()[idOf(member)]).toMatchObject({
      company: company.id,
      attributes: { seats: 3 },
      expand: { company: { name: 'Pickable Inc' } },
    });
    const again = await moderator.memberProfiles.saveProfile(idOf(member), '', { nested: { a: 1 } } as never);
    expect(again.ok).toBe(false);
    const member2 = await tab('member');
    expect((await member2.memberProfiles.saveProfile(idOf(member), company.id, {})).ok).toBe(false);
  });
});

// What an idea page knows of its viewer at crowd scale (issue 59): on an idea with more than 1,000 votes,
// followers and answers to a question, loadIdeaPage still finds the member's own vote and follow and knows
// they answered, and staff's own follow, however new. PocketBase's back-relation expand reads at most 1,000
// related rows in no set order before the rules filter them, so an expand would miss them. The crowd is
// written straight into data.db (tools/lib/bench/crowd.mjs), its ids sorting before any the API makes.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdeaShell, loadIdeaPage } from '../../../src/features/ideas/idea-page';
import type { StatusRecord } from '../../../src/lib/pb/types';
import { addCrowd } from '../../../tools/lib/bench/crowd.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf, sessionOf } from '../../support/world';

const CROWD = 1_100;

let pb: TestPocketBase;
let actors: Actors;
/** The shell of a page rendered for its viewer alone (nothing kept: the board comes as an expand). */
let shell: IdeaShell;
let idea: RecordModel;
let crowd: string[];
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const statuses = await pb.admin.collection('statuses').getFullList<StatusRecord>();
  shell = { statuses, boards: [], version: null, shared: null };
  idea = await createPost(pb, await createBoard(pb, 'public'), actors['other member']);
  crowd = addCrowd(pb.dataDir, idea.id, { voters: CROWD, prefix: '0' });
}, 60_000);
afterAll(() => pb?.stop());

/** A question about the idea sent to the crowd and `member`, which the crowd answered: straight into data.db. */
function askCrowd(member: string, author: string): string {
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const now = new Date().toISOString().replace('T', ' ');
  const question = `q${Date.now().toString(36)}`.padEnd(15, '0').slice(0, 15);
  db.exec('BEGIN');
  db.prepare(
    'INSERT INTO idea_questions (id, post, author, body, sent_count, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(question, idea.id, author, 'Which paper size do you print on?', CROWD + 1, now, now);
  const recipient = db.prepare(
    'INSERT INTO question_recipients (id, question, user, created, updated) VALUES (?, ?, ?, ?, ?)',
  );
  const answer = db.prepare(
    'INSERT INTO idea_answers (id, question, user, body, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const [n, user] of [...crowd, member].entries()) {
    recipient.run(`r${String(n).padStart(14, '0')}`, question, user, now, now);
    if (user !== member) answer.run(`a${String(n).padStart(14, '0')}`, question, user, 'A4', now, now);
  }
  db.exec('COMMIT');
  db.close();
  return question;
}

describe('an idea with more than 1,000 votes and followers', () => {
  it("gives a member their own vote and follow, the newest of 1,100 each, and knows they answered staff's question", {
    timeout: 60_000,
  }, async () => {
    const member = actors.member;
    // A vote follows the idea too: both the newest rows.
    const vote = await member.collection('votes').create({ post: idea.id, user: idOf(member) });
    const follow = await member.collection('subscriptions').getFirstListItem(`post = "${idea.id}"`);
    const question = askCrowd(idOf(member), idOf(actors.moderator));

    const asked = await loadIdeaPage(member, idea.id, shell, sessionOf(member));
    expect(asked.viewerState).toEqual({ voteId: vote.id, subscriptionId: follow.id });
    expect(asked.openQuestion?.id).toBe(question);

    await member.collection('idea_answers').create({ question, user: idOf(member), body: 'Letter' });
    const answered = await loadIdeaPage(member, idea.id, shell, sessionOf(member));
    expect(answered.openQuestion).toBeNull();
    expect(answered.viewerState).toEqual({ voteId: vote.id, subscriptionId: follow.id });
  });

  it('gives staff their own follow (staff may see every vote, so theirs is left to the browser)', async () => {
    const staff = actors.moderator;
    const follow = await staff.collection('subscriptions').create({ post: idea.id, user: idOf(staff) });
    const page = await loadIdeaPage(staff, idea.id, shell, sessionOf(staff));
    expect(page.viewerState).toEqual({ subscriptionId: follow.id, voteId: undefined });
  });

  it('gives a member who neither voted nor follows no vote, no follow and no question', async () => {
    const other = await pb.actor('member');
    const page = await loadIdeaPage(other, idea.id, shell, sessionOf(other));
    expect(page.viewerState).toEqual({ voteId: null, subscriptionId: null });
    expect(page.openQuestion).toBeNull();
  });
});

// Mentions in comments (issue #25): who a mention notifies on each kind of board (members, staff, segment,
// unapproved ideas, internal comments), who the autocomplete offers (never an email, never someone who
// cannot see the idea), hostile input (q, forged markup, too many mentions), edits, and the email.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actor, type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

type Mail = { to: string; subject: string; text: string; html: string };
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
/** Writes the comments: a moderator of their own, so every actor can be a mention target. */
let writer: PocketBase;
let boards: Record<'public' | 'members' | 'staff' | 'segment', RecordModel>;
const TARGETS = ACTORS.filter((actor) => actor !== 'visitor');

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  writer = await pb.actor('moderator', { name: 'Writer' });
  const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold Inc', plan: 'Gold' });
  for (const actor of ['member', 'blocked member'] as const) {
    await pb.admin.collection('member_profiles').create({ user: idOf(actors[actor]), company: gold.id });
  }
  const segment = await pb.admin
    .collection('segments')
    .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
  boards = {
    public: await createBoard(pb, 'public'),
    members: await createBoard(pb, 'members'),
    staff: await createBoard(pb, 'staff'),
    segment: await pb.admin
      .collection('boards')
      .create({ name: 'Gold corner', slug: 'gold-corner', visibility: 'segment', segment: segment.id }),
  };
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const mention = (client: PocketBase, name = 'Someone') => `@[${name}](user:${idOf(client)})`;
const mentionAll = (targets: readonly Actor[]) => targets.map((t) => mention(actors[t], t)).join(' ');

/** Who has a mention notification for this comment. */
async function mentionedIn(comment: RecordModel): Promise<string[]> {
  const rows = await pb.admin
    .collection('notifications')
    .getFullList({ filter: `comment = "${comment.id}" && kind = "mention"` });
  return rows.map((row) => row.user).sort();
}
const idsOf = (targets: readonly Actor[]) => targets.map((t) => idOf(actors[t])).sort();

async function mentionable(client: PocketBase, post: RecordModel, q: string, internal = false) {
  const query = new URLSearchParams({ q, ...(internal ? { internal: '1' } : {}) });
  return client.send<{ items: Record<string, unknown>[] }>(`/api/chorus/posts/${post.id}/mentionable?${query}`, {});
}

// Who may see each kind of idea, among the targets (blocked members still read; blocked staff act as members).
const SEES: Record<'public' | 'members' | 'staff' | 'segment', Actor[]> = {
  public: [...TARGETS],
  members: [...TARGETS],
  staff: ['moderator', 'admin'],
  segment: ['member', 'blocked member', 'moderator', 'admin'],
};

describe('a mention notifies', () => {
  it.each(['public', 'members', 'staff', 'segment'] as const)(
    'on a %s board exactly the mentioned people who may see the idea',
    async (kind) => {
      const idea = await createPost(pb, boards[kind], writer);
      const comment = await writer
        .collection('comments')
        .create({ post: idea.id, author: idOf(writer), body: `Look ${mentionAll(TARGETS)}` });
      expect(await mentionedIn(comment)).toEqual(idsOf(SEES[kind]));
    },
  );

  it('on an idea awaiting approval only its author and active staff', async () => {
    const idea = await createPost(pb, boards.public, actors.member, { approved: false });
    const comment = await writer
      .collection('comments')
      .create({ post: idea.id, author: idOf(writer), body: mentionAll(TARGETS) });
    expect(await mentionedIn(comment)).toEqual(idsOf(['member', 'moderator', 'admin']));
  });

  it('in an internal comment only active staff', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const comment = await writer
      .collection('comments')
      .create({ post: idea.id, author: idOf(writer), body: mentionAll(TARGETS), internal: true });
    expect(await mentionedIn(comment)).toEqual(idsOf(['moderator', 'admin']));
  });

  it('never the author themself', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const own = await actors.member
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body: `${mention(actors.member)} note to self` });
    expect(await mentionedIn(own)).toEqual([]);
  });

  it('the mentioned member in the app: a notification naming the comment, its idea and its author', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const comment = await actors.member
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body: `Thoughts, ${mention(actors['other member'])}?` });
    const [note] = await actors['other member']
      .collection('notifications')
      .getFullList({ filter: `comment = "${comment.id}"` });
    expect(note).toMatchObject({ kind: 'mention', post: idea.id, actor: idOf(actors.member), read_at: '' });
  });

  it('a follower it mentions once, as a mention; other followers as a comment', async () => {
    const idea = await createPost(pb, boards.public, actors['other member']);
    await actors.moderator.collection('subscriptions').create({ post: idea.id, user: idOf(actors.moderator) });
    // The idea's author follows it.
    const follows = `post = "${idea.id}" && user = "${idOf(actors['other member'])}"`;
    expect(await pb.admin.collection('subscriptions').getFullList({ filter: follows })).toHaveLength(1);
    const comment = await actors.member
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body: `${mention(actors['other member'])} look` });
    const kinds = async (who: PocketBase) =>
      (await who.collection('notifications').getFullList({ filter: `post = "${idea.id}"` })).map((n) => n.kind);
    expect(await kinds(actors['other member'])).toEqual(['mention']);
    expect(await kinds(actors.moderator)).toEqual(['comment']);
    expect(await mentionedIn(comment)).toEqual([idOf(actors['other member'])]);
  });
});

describe('forged and hostile mentions', () => {
  it('a mention of someone who cannot see the idea notifies no one and answers exactly as a real one', async () => {
    const idea = await createPost(pb, boards.segment, actors.member);
    const post = (body: string) =>
      actors.member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body });
    const seen = await post(`Hi ${mention(actors.moderator, 'X')}`);
    const hidden = await post(`Hi ${mention(actors['other member'], 'X')}`);
    const nobody = await post('Hi @[X](user:zzzzzzzzzzzzzzz)');
    expect(await mentionedIn(seen)).toEqual(idsOf(['moderator']));
    expect(await mentionedIn(hidden)).toEqual([]);
    expect(await mentionedIn(nobody)).toEqual([]);
    const shape = (record: RecordModel) => Object.keys(record).sort();
    expect(shape(hidden)).toEqual(shape(seen));
    expect(hidden.body).toBe(`Hi ${mention(actors['other member'], 'X')}`);
    expect(
      await actors['other member'].collection('notifications').getFullList({ filter: `post = "${idea.id}"` }),
    ).toEqual([]);
  });

  it('markup that is not a mention (bad id, brackets, line break) notifies no one', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const id = idOf(actors['other member']);
    const body = [
      `@[X](user:${id.toUpperCase()})`,
      `@[X](user:${id}0)`.replace(`${id}0`, `${id.slice(0, 14)}`),
      `@[a]b](user:${id})`,
      `@[a\nb](user:${id})`,
      `[X](user:${id})`,
    ].join(' ');
    const comment = await actors.member
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body });
    expect(await mentionedIn(comment)).toEqual([]);
  });

  it('at most 10 people per comment, on create and on edit, in the request’s language', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const people = await Promise.all(Array.from({ length: 11 }, () => pb.actor('member')));
    const body = (n: number) =>
      people
        .slice(0, n)
        .map((p) => mention(p))
        .join(' ');
    const create = (text: string) =>
      actors.member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: text });
    await expect(create(body(11))).rejects.toMatchObject({
      status: 400,
      response: { code: 'tooManyMentions', message: 'Mention at most 10 people in one comment.' },
    });
    const ten = await create(body(10));
    expect((await mentionedIn(ten)).length).toBe(10);
    // The same person many times is one mention.
    const [first] = people;
    if (first) await create(Array.from({ length: 12 }, () => mention(first)).join(' '));
    await expect(
      actors.member.collection('comments').update(ten.id, { body: body(11) }, { headers: { 'Accept-Language': 'de' } }),
    ).rejects.toMatchObject({
      status: 400,
      response: { code: 'tooManyMentions', message: 'Erwähne höchstens 10 Personen in einem Kommentar.' },
    });
  });
});

describe('editing a comment', () => {
  it('notifies only the newly mentioned, and each of them once', async () => {
    const idea = await createPost(pb, boards.public, actors.member);
    const [ann, bob] = [actors['other member'], actors.moderator];
    const edit = (c: RecordModel, body: string) => actors.member.collection('comments').update(c.id, { body });
    const comment = await actors.member
      .collection('comments')
      .create({ post: idea.id, author: idOf(actors.member), body: `Hi ${mention(ann)}` });
    await edit(comment, `Hi ${mention(ann)} (typo fixed)`);
    expect(await mentionedIn(comment)).toEqual([idOf(ann)]);
    await edit(comment, `Hi ${mention(ann)} and ${mention(bob)}`);
    await edit(comment, `Hi ${mention(ann)}`);
    await edit(comment, `Hi ${mention(ann)} and ${mention(bob)} again`);
    const rows = await pb.admin
      .collection('notifications')
      .getFullList({ filter: `comment = "${comment.id}" && kind = "mention"` });
    expect(rows.map((row) => row.user).sort()).toEqual([idOf(ann), idOf(bob)].sort());
  });
});

describe('the autocomplete', () => {
  it.each(['public', 'members', 'staff', 'segment'] as const)(
    'on a %s board lists only active people who may see the idea',
    async (kind) => {
      const idea = await createPost(pb, boards[kind], writer);
      const listed: Actor[] = [];
      for (const target of TARGETS) {
        const name = String(actors[target].authStore.record?.name);
        const { items } = await mentionable(writer, idea, name);
        if (items.some((item) => item.id === idOf(actors[target]))) listed.push(target);
      }
      expect(listed.sort()).toEqual(SEES[kind].filter((t) => !t.startsWith('blocked')).sort());
    },
  );

  it('for an internal comment lists only active staff; on an idea awaiting approval, its author and staff', async () => {
    const open = await createPost(pb, boards.public, writer);
    const pending = await createPost(pb, boards.public, actors.member, { approved: false });
    const listed = async (idea: RecordModel, internal: boolean) => {
      const out: Actor[] = [];
      for (const target of TARGETS) {
        const { items } = await mentionable(writer, idea, String(actors[target].authStore.record?.name), internal);
        if (items.some((item) => item.id === idOf(actors[target]))) out.push(target);
      }
      return out.sort();
    };
    expect(await listed(open, true)).toEqual(['admin', 'moderator']);
    expect(await listed(pending, false)).toEqual(['admin', 'member', 'moderator']);
  });

  it('answers signed-in people who may see the idea only, with ids, names and avatars, never an email', async () => {
    const idea = await createPost(pb, boards.staff, writer);
    await expect(mentionable(actors.visitor, idea, '')).rejects.toMatchObject({ status: 401 });
    await expect(mentionable(actors.member, idea, '')).rejects.toMatchObject({ status: 404 });
    await expect(mentionable(actors['blocked admin'], idea, '')).rejects.toMatchObject({ status: 403 });
    await expect(mentionable(actors.admin, { id: 'nosuchidea00000' } as RecordModel, '')).rejects.toMatchObject({
      status: 404,
    });
    const publicIdea = await createPost(pb, boards.public, writer);
    const { items } = await mentionable(actors.member, publicIdea, '');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'avatar',
        'avatar_url',
        'collectionId',
        'collectionName',
        'id',
        'name',
      ]);
    }
    expect(JSON.stringify(items)).not.toContain('@chorus.test');
    expect(items.map((item) => item.id)).not.toContain(idOf(actors.member));
    // Searching by an email finds no one.
    const email = String(actors.moderator.authStore.record?.email);
    expect((await mentionable(actors.member, publicIdea, email)).items).toEqual([]);
  });

  it('binds q: SQL and LIKE wildcards are plain characters', async () => {
    const idea = await createPost(pb, boards.public, writer);
    const odd = await pb.actor('member', { name: 'Under_score 100%' });
    for (const q of ["' OR 1=1 --", '" OR ""="', '\\', 'zz%', 'zz_']) {
      expect((await mentionable(actors.member, idea, q)).items, q).toEqual([]);
    }
    for (const q of ['_', '%', 'r_s', '100%']) {
      expect(
        (await mentionable(actors.member, idea, q)).items.map((item) => item.id),
        q,
      ).toEqual([idOf(odd)]);
    }
  });

  it('gives at most 8 people, the idea’s participants first', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => pb.actor('member', { name: `Capper ${i}` })));
    const last = people[9] as PocketBase;
    const idea = await createPost(pb, boards.public, last);
    const { items } = await mentionable(actors.member, idea, 'Capper');
    expect(items.length).toBe(8);
    expect(items[0]?.id).toBe(idOf(last));
  });

  it('is rate-limited per member', async () => {
    const idea = await createPost(pb, boards.public, writer);
    const busy = await pb.actor('member');
    let refusedAt = 0;
    for (let i = 1; i <= 125 && !refusedAt; i++) {
      try {
        await mentionable(busy, idea, 'a');
      } catch (error) {
        expect(error).toMatchObject({ status: 429 });
        refusedAt = i;
      }
    }
    expect(refusedAt).toBe(121);
  });
});

describe('the mention email', () => {
  it('reaches the mentioned member in their language, with the comment, and respects comment-email opt-out', async () => {
    const idea = await createPost(pb, boards.public, actors.member, { title: 'Dunkelmodus' });
    const german = await pb.actor('member', { locale: 'de', name: 'Grete' });
    const quiet = await pb.actor('member', { email_on_comment: false });
    const author = await pb.actor('member', { name: 'Ada' });
    await author.collection('comments').create({
      post: idea.id,
      author: idOf(author),
      body: `${mention(quiet, 'Quiet')} then ${mention(german, 'Grete')}, what do you think?`,
    });
    const email: Mail = await mail.waitFor((m: Mail) => m.to.includes(String(german.authStore.record?.email)));
    expect(email.subject).toBe('Ada hat dich bei „Dunkelmodus“ erwähnt');
    expect(email.text).toContain('Ada hat dich in einem Kommentar zu „Dunkelmodus“ erwähnt:');
    expect(email.text).toContain('@Quiet then @Grete, what do you think?');
    expect(email.html).toContain('<html lang="de" dir="ltr">');
    expect(email.text).toContain('/settings?unsubscribe=');
    // The quiet member still has the notification in the app, and no email (the German one came after theirs).
    expect(mail.messages.some((m: Mail) => m.to.includes(String(quiet.authStore.record?.email)))).toBe(false);
    expect(await quiet.collection('notifications').getFullList({ filter: `post = "${idea.id}"` })).toHaveLength(1);
  });
});

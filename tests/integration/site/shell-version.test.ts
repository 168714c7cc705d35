// The shell's version (issue 59): every member's session check names it; it changes with every write to the site
// record, a status, a board or a tag, and not with an idea nor with staff's own collections (a segment, the scoring,
// a tracker connection), which change the version staff's refresh names after it; a Worker isolate serves the site,
// statuses, tags, the member audience's and staff's boards and staff's segment choices, scoring and tracker
// connections it kept only under the version it read them at, so a member's next page after a rename shows the new
// name, and the boards stay each viewer's own (a members-only board never reaches a visitor through what the isolate
// kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_VERSION_PATH } from '../../../src/contract/audience';
import { loadIdeaPage } from '../../../src/features/ideas/idea-page';
import { readListState } from '../../../src/features/ideas/list-query';
import { loadList } from '../../../src/features/ideas/lists';
import { keptScoring } from '../../../src/features/priority/kept-scoring';
import { loadSegmentChoices } from '../../../src/features/segments/segment-view';
import { loadShell, visitorShellVersion } from '../../../src/features/site/site';
import { keptConnections } from '../../../src/features/trackers/kept-connections';
import { forgetKept } from '../../../src/lib/pb/kept-at-version';
import { verifySession } from '../../../src/lib/pb/session';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actors, createActors, createBoard, createPost, sessionOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  await createBoard(pb, 'members');
}, 120_000);
afterAll(() => pb?.stop());

/** A segment's conditions (any valid ones: these tests never read its members). */
const GOLD = { match: 'all', rules: [{ field: 'attribute:tier', op: 'eq', value: 'gold' }] };

const versionNow = async () => (await verifySession(actors.member)).shellVersion;
/** The version a moderator's refresh names: the shell's, a dot and staff's. */
const staffVersionNow = async () => (await verifySession(actors.moderator)).shellVersion;

describe('the shell version', () => {
  it('is named to a member, alike on each refresh, and to no visitor; staff get it with their own after a dot', async () => {
    const version = await versionNow();
    expect(version).toMatch(/^\w{20}$/);
    expect(await versionNow()).toBe(version);
    expect((await verifySession(actors.visitor)).shellVersion).toBeNull();
    expect(await staffVersionNow()).toMatch(new RegExp(`^${version}\\.\\w{20}$`));
    expect((await verifySession(actors['blocked member'])).shellVersion).toBe(version);
  });

  it('is named to anyone who asks for it (a visitor’s render) as a member’s check names it, without staff’s part, never to be stored', async () => {
    const version = await versionNow();
    for (const actor of ACTORS) expect(await visitorShellVersion(actors[actor]), actor).toBe(version);
    const answer = await fetch(`${pb.url}${SHELL_VERSION_PATH}`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ shell_version: version });
    await createBoard(pb, 'public');
    const next = await visitorShellVersion(actors.visitor);
    expect(next).not.toBe(version);
    expect(next).toBe(await versionNow());
    expect((await fetch(`${pb.url}${SHELL_VERSION_PATH}`, { method: 'POST' })).status).toBe(404);
  });

  it('changes with each write to the site, a status, a board, a tag or a custom field, and not with an idea; staff’s own writes change staff’s alone', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const scoring = await pb.admin.collection('scoring').getFirstListItem('');
    const board = await createBoard(pb, 'public');
    // What changes: [the member's version, the staff part of a moderator's].
    const writes: Array<[string, () => Promise<unknown>, boolean, boolean?]> = [
      ['an idea', () => createPost(pb, board, actors.member), false],
      ['a new board', () => createBoard(pb, 'public'), true],
      [
        'a board made members-only',
        () => pb.admin.collection('boards').update(board.id, { visibility: 'members' }),
        true,
      ],
      ['a tag', () => pb.admin.collection('tags').create({ name: 'Shell tag', color: '#123456' }), true],
      [
        'a custom field',
        () =>
          pb.admin
            .collection('custom_fields')
            .create({ board: board.id, key: 'size', label: 'Size', type: 'text', public: true }),
        true,
      ],
      [
        'a segment',
        () => pb.admin.collection('segments').create({ name: 'Shell segment', conditions: GOLD }),
        false,
        true,
      ],
      ['the site', () => pb.admin.collection('site').update(site.id, { name: 'Renamed board' }), true],
      [
        'the scoring',
        () => pb.admin.collection('scoring').update(scoring.id, { formula: 'value_effort' }),
        false,
        true,
      ],
      [
        'a tracker connection',
        () =>
          pb.admin
            .collection('tracker_connections')
            .create({ provider: 'github', name: 'App', repository: 'acme/app' }),
        false,
        true,
      ],
      [
        'a new status',
        () => pb.admin.collection('statuses').create({ name: 'Triage', slug: 'triage', color: '#000000' }),
        true,
      ],
    ];
    const staffPart = async () => (await staffVersionNow())?.split('.')[1];
    for (const [what, write, changes, staffChanges = false] of writes) {
      const before = await versionNow();
      const staffBefore = await staffPart();
      await write();
      expect((await versionNow()) !== before, what).toBe(changes);
      expect((await staffPart()) !== staffBefore, `${what}, staff's`).toBe(staffChanges);
      expect((await staffVersionNow())?.split('.')[0], `${what}: staff's begins with the shell's`).toBe(
        await versionNow(),
      );
    }
    const triage = await pb.admin.collection('statuses').getFirstListItem('slug = "triage"');
    for (const write of [
      () => pb.admin.collection('statuses').update(triage.id, { name: 'Sorting' }),
      () => pb.admin.collection('statuses').delete(triage.id),
    ]) {
      const before = await versionNow();
      await write();
      expect(await versionNow()).not.toBe(before);
    }
  });

  it('serves what it kept only under the version it read it at: a rename shows on the next page', async () => {
    forgetKept();
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { name: 'Before the rename' });
    const old = await versionNow();
    expect((await loadShell(actors.member, Promise.resolve(old))).site.name).toBe('Before the rename');
    await pb.admin.collection('site').update(site.id, { name: 'After the rename' });
    const status = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
    await pb.admin.collection('statuses').update(status.id, { name: 'Scheduled' });
    // The old version still names what was kept (so it is kept, not read again)…
    expect((await loadShell(actors.member, Promise.resolve(old))).site.name).toBe('Before the rename');
    // …and the member's next check names a new one, under which the new names are read.
    const shell = await loadShell(actors.member, versionNow());
    expect(shell.site.name).toBe('After the rename');
    expect(shell.statuses.find((s) => s.id === status.id)?.name).toBe('Scheduled');
  });

  it('keeps the boards each viewer’s own, and a page changing its copy changes no other page', async () => {
    const version = versionNow();
    const member = await loadShell(actors.member, version);
    const visitor = await loadShell(actors.visitor, version);
    expect(member.boards.some((board) => board.visibility === 'members')).toBe(true);
    expect(visitor.boards.some((board) => board.visibility === 'members')).toBe(false);
    member.site.name = 'Changed by one page';
    member.statuses.length = 0;
    const next = await loadShell(actors['other member'], version);
    expect(next.site.name).toBe('After the rename');
    expect(next.statuses.length).toBeGreaterThan(0);
  });

  it('keeps the member audience’s boards under the version, and shows a board change on the next page', async () => {
    forgetKept();
    const old = await versionNow();
    await loadShell(actors.member, old, 'audience');
    const board = await createBoard(pb, 'members');
    // What was kept under the old version is not read again…
    expect((await loadShell(actors.member, old, 'audience')).boards.some((b) => b.id === board.id)).toBe(false);
    // …and the write named a new version, under which the new board shows.
    const next = await loadShell(actors.member, versionNow(), 'audience');
    expect(next.boards.some((b) => b.id === board.id)).toBe(true);
    // Each viewer's own render still reads their boards: a visitor never gets the audience's.
    const visitor = await loadShell(actors.visitor, versionNow());
    expect(visitor.boards.some((b) => b.id === board.id)).toBe(false);
  });

  it('keeps visitors’ boards under the version a visitor’s render asks for: public ones only, a change on the next page', async () => {
    forgetKept();
    const old = await visitorShellVersion(actors.visitor);
    const kept = await loadShell(actors.visitor, old, 'visitor');
    expect(kept.boards.length).toBeGreaterThan(0);
    expect(kept.boards.every((b) => b.visibility === 'public')).toBe(true);
    const board = await createBoard(pb, 'public');
    // What was kept under the old version is not read again…
    expect((await loadShell(actors.visitor, old, 'visitor')).boards.some((b) => b.id === board.id)).toBe(false);
    // …and the write named a new version, under which the new board shows, a members-only one still not.
    await pb.admin.collection('boards').update(board.id, { visibility: 'members' });
    const hidden = await loadShell(actors.visitor, visitorShellVersion(actors.visitor), 'visitor');
    expect(hidden.boards.some((b) => b.id === board.id)).toBe(false);
    await pb.admin.collection('boards').update(board.id, { visibility: 'public' });
    const shown = await loadShell(actors.visitor, visitorShellVersion(actors.visitor), 'visitor');
    expect(shown.boards.some((b) => b.id === board.id)).toBe(true);
    // The member audience's boards are kept apart: a visitor's entry is never theirs, nor theirs a visitor's.
    const audience = await loadShell(actors.member, versionNow(), 'audience');
    expect(audience.boards.some((b) => b.visibility === 'members')).toBe(true);
    const visitorAgain = await loadShell(actors.visitor, visitorShellVersion(actors.visitor), 'visitor');
    expect(visitorAgain.boards.every((b) => b.visibility === 'public')).toBe(true);
  });

  it('keeps the tags per audience under the version: staff-only tags never reach a member', async () => {
    forgetKept();
    const tagsAs = async (actor: 'member' | 'moderator', version: string | null) => {
      const user = sessionOf(actors[actor]);
      const state = readListState(new URLSearchParams(), { staff: actor === 'moderator' });
      const { tags } = await loadList(actors[actor], state, user, { statuses: [], version });
      return tags.map((tag) => tag.name);
    };
    await pb.admin.collection('tags').create({ name: 'Triage only', color: '#654321', staff_only: true });
    const version = await versionNow();
    expect(await tagsAs('moderator', version)).toContain('Triage only');
    expect(await tagsAs('member', version)).not.toContain('Triage only');
    expect(await tagsAs('moderator', version)).toContain('Triage only');
    // Kept under the version: a tag added since is not read again under it…
    await pb.admin.collection('tags').create({ name: 'Added later', color: '#111111' });
    expect(await tagsAs('member', version)).not.toContain('Added later');
    // …and the member's next check names a new one, which shows it.
    expect(await tagsAs('member', await versionNow())).toContain('Added later');
  });

  it('keeps staff’s boards, every board, for a viewer the check said is staff, and for no one else', async () => {
    forgetKept();
    const staffOnly = await createBoard(pb, 'staff');
    const version = await versionNow();
    const staff = await loadShell(actors.moderator, version, Promise.resolve('staff'));
    expect(staff.boards.some((b) => b.id === staffOnly.id)).toBe(true);
    // A member (their cookie may claim staff; their check did not say so) reads their own boards.
    for (const shared of [null, Promise.resolve(null)] as const) {
      const member = await loadShell(actors.member, version, shared);
      expect(member.boards.some((b) => b.id === staffOnly.id)).toBe(false);
    }
  });

  it('keeps staff’s segment choices under staff’s version, for staff alone', async () => {
    forgetKept();
    const version = await staffVersionNow();
    const memberVersion = await versionNow();
    const moderator = sessionOf(actors.moderator);
    const before = await loadSegmentChoices(actors.moderator, moderator, version);
    expect(await loadSegmentChoices(actors.member, sessionOf(actors.member), version)).toBeNull();
    const added = await pb.admin.collection('segments').create({ name: 'Kept segment', conditions: GOLD });
    // Kept under the old version: not read again…
    expect(await loadSegmentChoices(actors.moderator, moderator, version)).toEqual(before);
    // …and the new version (the segment's creation renewed staff's, and no member's) shows it.
    expect(await versionNow()).toBe(memberVersion);
    const next = await loadSegmentChoices(actors.moderator, moderator, await staffVersionNow());
    expect(next?.map((s) => s.id)).toContain(added.id);
    // A version without staff's part (which never renews with a segment) keeps nothing of staff's: read each time.
    await loadSegmentChoices(actors.moderator, moderator, memberVersion);
    const another = await pb.admin.collection('segments').create({ name: 'Unkept segment', conditions: GOLD });
    expect(await versionNow()).toBe(memberVersion);
    const unkept = await loadSegmentChoices(actors.moderator, moderator, memberVersion);
    expect(unkept?.map((s) => s.id)).toContain(another.id);
  });

  it('keeps staff’s scoring and tracker connections under staff’s version: an admin’s change shows on the next page', async () => {
    forgetKept();
    const version = await staffVersionNow();
    const scoring = await pb.admin.collection('scoring').getFirstListItem('');
    const before = await keptScoring(actors.moderator, version);
    const connections = await keptConnections(actors.moderator, version);
    await pb.admin
      .collection('scoring')
      .update(scoring.id, { formula: before.formula === 'rice' ? 'value_effort' : 'rice' });
    const added = await pb.admin
      .collection('tracker_connections')
      .create({ provider: 'linear', name: 'Kept team', team_key: 'KEPT' });
    // Kept under the old version: not read again (and each caller gets its own copy)…
    const kept = await keptScoring(actors.moderator, version);
    expect(kept).toEqual(before);
    kept.weights = null;
    expect((await keptScoring(actors.moderator, version)).weights).toEqual(before.weights);
    expect(await keptConnections(actors.moderator, version)).toEqual(connections);
    // …and the new version (each write renewed it) shows both changes.
    const next = await staffVersionNow();
    expect(next).not.toBe(version);
    expect((await keptScoring(actors.moderator, next)).formula).not.toBe(before.formula);
    expect((await keptConnections(actors.moderator, next)).map((c) => c.id)).toContain(added.id);
  });

  it('keeps the custom fields per audience under the version: an idea page shows its board’s, staff-only ones to staff alone', async () => {
    forgetKept();
    const board = await createBoard(pb, 'public');
    const field = (key: string, position: number, isPublic = true) =>
      pb.admin
        .collection('custom_fields')
        .create({ board: board.id, key, label: key, type: 'text', public: isPublic, position });
    await field('plan', 1);
    await field('arr', 2, false);
    const idea = await createPost(pb, board, actors['other member']);
    const keys = async (viewer: typeof actors.member, shell: Awaited<ReturnType<typeof loadShell>>) =>
      (await loadIdeaPage(viewer, idea.id, shell, sessionOf(viewer))).fields.definitions.map((d) => d.key);
    const version = await versionNow();
    const member = await loadShell(actors.member, version, 'audience');
    const page = await loadIdeaPage(actors.member, idea.id, member, sessionOf(actors.member));
    expect(page.post.expand?.board?.id).toBe(board.id);
    expect(page.fields.definitions.map((d) => d.key)).toEqual(['plan']);
    expect(await keys(actors.moderator, await loadShell(actors.moderator, await staffVersionNow(), 'staff'))).toEqual([
      'plan',
      'arr',
    ]);
    // A new field renews the shell's version: under the old one what was kept is not read again…
    await field('seats', 3);
    const next = await versionNow();
    expect(next).not.toBe(version);
    expect(await keys(actors.member, member)).toEqual(['plan']);
    // …and the next page shows it.
    expect(await keys(actors.member, await loadShell(actors.member, next, 'audience'))).toEqual(['plan', 'seats']);
    // A visitor's idea page picks the public fields from what visitors' renders keep.
    const visitor = await loadShell(actors.visitor, visitorShellVersion(actors.visitor), 'visitor');
    expect((await loadIdeaPage(actors.visitor, idea.id, visitor, null)).fields.definitions.map((d) => d.key)).toEqual([
      'plan',
      'seats',
    ]);
    // A board page's filters offer its public choice fields from what is kept, to staff as to anyone else.
    const choice = (key: string, isPublic: boolean) =>
      pb.admin.collection('custom_fields').create({
        board: board.id,
        key,
        label: key,
        type: 'select',
        options: ['S', 'M'],
        public: isPublic,
        position: 9,
      });
    await choice('size', true);
    await choice('tier', false);
    const filtersOf = async (viewer: typeof actors.member, shell: Awaited<ReturnType<typeof loadShell>>) => {
      const state = readListState(new URLSearchParams(), { staff: viewer === actors.moderator });
      const list = await loadList(viewer, state, sessionOf(viewer), shell, board.id);
      return list.fieldChoices.map((field) => field.key);
    };
    const visitorNow = await loadShell(actors.visitor, visitorShellVersion(actors.visitor), 'visitor');
    expect(await filtersOf(actors.visitor, visitorNow)).toEqual(['size']);
    expect(await filtersOf(actors.member, await loadShell(actors.member, versionNow(), 'audience'))).toEqual(['size']);
    const staffNow = await loadShell(actors.moderator, staffVersionNow(), 'staff');
    expect(await filtersOf(actors.moderator, staffNow)).toEqual(['size']);
    // An idea on an archived board (not among the shell's) still names its board.
    await pb.admin.collection('boards').update(board.id, { archived: true });
    const archived = await loadShell(actors.member, await versionNow(), 'audience');
    expect(archived.boards.some((b) => b.id === board.id)).toBe(false);
    const onArchived = await loadIdeaPage(actors.member, idea.id, archived, sessionOf(actors.member));
    expect(onArchived.post.expand?.board?.id).toBe(board.id);
  });
});

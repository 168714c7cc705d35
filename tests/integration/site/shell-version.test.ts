// The shell's version (issue 59): every member's auth refresh names it; it changes with every write to the site
// record or a status, and with nothing else; a Worker isolate serves the site and statuses it kept only under the
// version it read them at, so a member's next page after a rename shows the new name, and the boards stay each
// viewer's own (a members-only board never reaches a visitor through what the isolate kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetKeptShell, loadShell } from '../../../src/features/site/site';
import { verifySession } from '../../../src/lib/pb/session';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  await createBoard(pb, 'members');
}, 120_000);
afterAll(() => pb?.stop());

const versionNow = async () => (await verifySession(actors.member)).shellVersion;

describe('the shell version', () => {
  it('is named to a member, alike on each refresh, and to no visitor', async () => {
    const version = await versionNow();
    expect(version).toMatch(/^\w{20}$/);
    expect(await versionNow()).toBe(version);
    expect((await verifySession(actors.visitor)).shellVersion).toBeNull();
  });

  it('changes with each write to the site or a status, and not with a board or a tag', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const writes: Array<[string, () => Promise<unknown>, boolean]> = [
      ['a board', () => createBoard(pb, 'public'), false],
      ['a tag', () => pb.admin.collection('tags').create({ name: 'Shell tag', color: '#123456' }), false],
      ['the site', () => pb.admin.collection('site').update(site.id, { name: 'Renamed board' }), true],
      [
        'a new status',
        () => pb.admin.collection('statuses').create({ name: 'Triage', slug: 'triage', color: '#000000' }),
        true,
      ],
    ];
    for (const [what, write, changes] of writes) {
      const before = await versionNow();
      await write();
      expect((await versionNow()) !== before, what).toBe(changes);
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
    forgetKeptShell();
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
});

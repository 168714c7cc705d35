// A member's sign-in is kept in memory by its token (server/cmd/pocketbase/auth_cache.go; issue 59), so each change to
// the account must show on the very next request made with a token used a moment before: blocked, made staff, a new
// password, erased, removed, or every token renewed by the operator. Each case first uses the token (so it is kept),
// then changes the account, then asks again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATH } from '../../../src/contract/audience';
import { confirmFreshSignIn } from '../../../src/features/account/my-data';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { idOf } from '../../support/world';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
}, 120_000);
afterAll(() => pb?.stop());

/** The session check's status and record for `token`, asked twice (the second answer is from what was kept). */
async function sessionOf(token: string): Promise<{ status: number; record?: Record<string, unknown> | undefined }> {
  let answer: Response | undefined;
  for (let ask = 0; ask < 2; ask++) {
    answer = await fetch(`${pb.url}${SESSION_PATH}`, { headers: { authorization: token } });
  }
  const body = (await answer?.json()) as { record?: Record<string, unknown> };
  return { status: answer?.status ?? 0, record: body.record };
}

/** A member whose token was just used: what their sign-in proved is kept. */
async function usedMember() {
  const member = await pb.actor('member');
  const token = member.authStore.token;
  expect((await sessionOf(token)).record?.blocked).toBe(false);
  return { id: idOf(member), token, member };
}

describe('a kept sign-in shows a change to its account on the next request', () => {
  it('blocked, then unblocked', async () => {
    const { id, token } = await usedMember();
    await pb.admin.collection('users').update(id, { blocked: true });
    expect((await sessionOf(token)).record?.blocked).toBe(true);
    await pb.admin.collection('users').update(id, { blocked: false });
    expect((await sessionOf(token)).record?.blocked).toBe(false);
  });

  it('made a moderator, and refused a staff action again once made a member', async () => {
    const { id, token, member } = await usedMember();
    const board = await pb.admin.collection('boards').create({ name: 'Kept', slug: `kept-${id}`, visibility: 'staff' });
    const staffBoards = () => member.collection('boards').getFullList({ filter: `id = "${board.id}"` });
    expect(await staffBoards()).toHaveLength(0);
    await pb.admin.collection('users').update(id, { role: 'moderator' });
    expect((await sessionOf(token)).record?.role).toBe('moderator');
    expect(await staffBoards()).toHaveLength(1);
    await pb.admin.collection('users').update(id, { role: 'member' });
    expect(await staffBoards()).toHaveLength(0);
  });

  it('given a new password: the old token is refused', async () => {
    const { id, token } = await usedMember();
    await pb.admin
      .collection('users')
      .update(id, { password: `${TEST_PASSWORD} anew`, passwordConfirm: `${TEST_PASSWORD} anew` });
    expect((await sessionOf(token)).status).toBe(401);
  });

  it('erased by its member: the token is refused', async () => {
    const { token, member } = await usedMember();
    await member.send('/api/chorus/me/delete', {
      method: 'POST',
      body: { fresh: await confirmFreshSignIn(member, { password: TEST_PASSWORD }) },
    });
    expect((await sessionOf(token)).status).toBe(401);
  });

  it('removed by an admin: the token is refused', async () => {
    const { id, token } = await usedMember();
    await pb.admin.collection('users').delete(id);
    expect((await sessionOf(token)).status).toBe(401);
  });

  it('every token renewed by the operator (the users collection’s secret): each is refused', async () => {
    const [first, second] = [await usedMember(), await usedMember()];
    const users = await pb.admin.collections.getOne('users');
    await pb.admin.collections.update('users', { authToken: { ...users.authToken, secret: 'x'.repeat(50) } });
    expect((await sessionOf(first.token)).status).toBe(401);
    expect((await sessionOf(second.token)).status).toBe(401);
  });
});

// An operator who starts `npm start` again on the same data folder with CHORUS_DEMO_PASSWORD set signs in
// to the demo accounts with the password it prints (the demo accounts get it, and it says so), while a
// person who signed up in the meantime, even with a freed demo address, keeps their own password.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import { type NpmStart, npmStart } from '../../support/npm-start';

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-demo-password-'));
let chorus: NpmStart | undefined;
afterAll(() => {
  for (const { pid } of chorus?.group() ?? []) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  chorus = await npmStart(dataDir, env);
  await chorus.waitFor('Press Ctrl-C to stop.');
  const printed = chorus.output().match(/Demo accounts \(password for all\):\n {2}password: +(\S+)/)?.[1];
  expect(printed, chorus.output()).toBeTruthy();
  return { chorus, printed: printed as string };
}
async function stop(running: NpmStart) {
  running.interrupt();
  expect(await running.exited).toBe(0);
}
const signsIn = (pbUrl: string, email: string, password: string) =>
  new PocketBase(pbUrl)
    .collection('users')
    .authWithPassword(email, password)
    .then(
      () => true,
      () => false,
    );

it('an operator restarting npm start with CHORUS_DEMO_PASSWORD signs in to the demo with the printed password', async () => {
  const first = await start();
  expect(await signsIn(first.chorus.pbUrl, 'member@example.com', first.printed)).toBe(true);
  // Meanwhile: a demo account is deleted and a real person signs up with its address (and confirms it), another
  // with their own.
  const operator = JSON.parse(readFileSync(join(dataDir, 'chorus-operator.json'), 'utf8'));
  const admin = new PocketBase(first.chorus.pbUrl);
  await admin.collection('_superusers').authWithPassword(operator.email, operator.password);
  const lucas = await admin.collection('users').getFirstListItem('email = "lucas@example.com"');
  await admin.collection('users').delete(lucas.id);
  await new Promise((r) => setTimeout(r, 10)); // a later millisecond than the seed, as in life
  for (const email of ['lucas@example.com', 'someone@elsewhere.test']) {
    const password = `${email} has their own password`;
    await admin
      .collection('users')
      .create({ email, password, passwordConfirm: password, name: 'A real person', verified: true });
  }
  await stop(first.chorus);

  const second = await start({ CHORUS_DEMO_PASSWORD: 'the-new-demo-password-42' });
  expect(second.printed).toBe('the-new-demo-password-42');
  for (const email of ['admin@example.com', 'moderator@example.com', 'member@example.com']) {
    expect(await signsIn(second.chorus.pbUrl, email, second.printed), email).toBe(true);
  }
  expect(await signsIn(second.chorus.pbUrl, 'member@example.com', first.printed)).toBe(false);
  expect(second.chorus.output()).toContain('Demo password changed to the-new-demo-password-42');
  for (const email of ['lucas@example.com', 'someone@elsewhere.test']) {
    expect(await signsIn(second.chorus.pbUrl, email, `${email} has their own password`), email).toBe(true);
    expect(await signsIn(second.chorus.pbUrl, email, second.printed), email).toBe(false);
  }
  await stop(second.chorus);

  // Without the variable again, it prints the password the demo accounts have now, and changes nothing.
  const third = await start();
  expect(third.printed).toBe('the-new-demo-password-42');
  expect(third.chorus.output()).not.toContain('Demo password changed');
  expect(await signsIn(third.chorus.pbUrl, 'admin@example.com', third.printed)).toBe(true);
  await stop(third.chorus);
}, 400_000);

// One door for every way in (issue 55, pb_hooks/platform/door.js): the table of ways in × checks, each cell run for
// real. The web and the widget both write through PocketBase's API (the widget with its single sign-on session),
// so one column proves both; single sign-on is the team's app vouching for a person (no Turnstile, open even when
// sign-ups are closed, but never a staff member's name); email meets every check, Turnstile by its link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStandIn } from '../../../tools/lib/dns-stand-in.mjs';
import { startInboundSmtp } from '../../../tools/lib/inbound-smtp.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { signIdentifyToken } from '../../support/identify-tokens';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { mimeMessage, sendRaw } from '../../support/smtp-send';
import { createBoard, idOf } from '../../support/world';

const DOMAIN = 'in.chorus.test';
let pb: TestPocketBase;
let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let inbound: Awaited<ReturnType<typeof startInboundSmtp>>;
let boardId: string;
let boardAddress: string;
let ssoSecret: string;
let n = 0;
const unique = (what: string) => `${what}-${++n}-${Date.now().toString(36)}`;

beforeAll(async () => {
  dns = await startDnsStandIn({ records: { 'chorus.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] } } });
  pb = await startTestPocketBase({ env: { CHORUS_INBOUND_DOMAIN: DOMAIN, CHORUS_DNS_SERVER: dns.address } });
  inbound = await startInboundSmtp({ port: await freePort(), pbUrl: pb.url, proxySecret: pb.proxySecret });
  const board = await createBoard(pb, 'public');
  boardId = board.id;
  const staff = await pb.actor('admin', { name: 'Alex Rivera' });
  const { boards } = await staff.send<{ boards: Record<string, string> }>('/api/chorus/inbound-email/addresses', {});
  boardAddress = String(boards[boardId]);
  const settings = await pb.admin.collection('widget_settings').getFirstListItem('');
  await pb.admin.collection('widget_settings').update(settings.id, { sso_enabled: true });
  ssoSecret = (await pb.admin.collection('sso_secrets').getFirstListItem('')).secret;
}, 120_000);
afterAll(async () => {
  await inbound?.close();
  await pb?.stop();
  await dns?.stop();
});

async function setSite(fields: Record<string, unknown>) {
  const site = await pb.admin.collection('site').getFirstListItem('');
  await pb.admin.collection('site').update(site.id, fields);
}
const status = (run: Promise<unknown>) =>
  run.then(
    () => 200,
    (error: { status: number }) => error.status,
  );
const ideasTitled = (title: string) =>
  pb.admin.collection('posts').getFullList({ filter: pb.admin.filter('title = {:t}', { t: title }) });
const userByEmail = (email: string) =>
  pb.admin.collection('users').getFirstListItem(pb.admin.filter('email = {:e}', { e: email }));

/** Each way in, as a person arriving at Chorus for the first time. */
const arrive = {
  web: (email: string, name: string) =>
    status(
      pb
        .visitor()
        .collection('users')
        .create({ email, name, password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' }),
    ),
  sso: async (email: string, name: string) =>
    status(
      pb.visitor().send('/api/chorus/sso', {
        method: 'POST',
        body: { token: await signIdentifyToken(ssoSecret, { sub: unique('app-user'), email, name }) },
      }),
    ),
  email: async (email: string, name: string) => {
    const subject = unique('Door');
    const answer = await sendRaw(
      inbound.port,
      email,
      boardAddress,
      mimeMessage({ from: `"${name}" <${email}>`, to: boardAddress, subject, text: 'An idea.' }),
    );
    return answer === 'sent' && (await ideasTitled(subject)).length === 1 ? 200 : answer;
  },
};
type Way = keyof typeof arrive;

describe('a new person, by every way in', () => {
  it.each<[Way, number | string]>([
    ['web', 400],
    ['sso', 200],
    ['email', 550],
  ])('sign-ups closed: %s answers %s', async (way, expected) => {
    await setSite({ allow_signups: false });
    try {
      expect(await arrive[way](`${unique(way)}@chorus.test`, 'Newcomer')).toBe(expected);
    } finally {
      await setSite({ allow_signups: true });
    }
  });

  it.each<[Way, 'refused' | 'renamed']>([
    ['web', 'refused'],
    ['sso', 'renamed'],
    ['email', 'renamed'],
  ])('a staff member’s name: %s is %s', async (way, expected) => {
    const email = `${unique(way)}@chorus.test`;
    const answer = await arrive[way](email, 'Alex Rivera');
    if (expected === 'refused') {
      expect(answer).toBe(400);
      return;
    }
    expect(answer).toBe(200);
    expect((await userByEmail(email)).name).not.toBe('Alex Rivera');
  });
});

describe('a member’s words, by every way in', () => {
  /** A member whose email comes from this machine (SPF), signed in on the web. */
  const member = () => pb.actor('member', { email: `${unique('member')}@chorus.test` });
  const viaEmail = async (client: Awaited<ReturnType<typeof member>>, title: string, text: string) =>
    sendRaw(
      inbound.port,
      String(client.authStore.record?.email),
      boardAddress,
      mimeMessage({ from: String(client.authStore.record?.email), to: boardAddress, subject: title, text }),
    );
  const viaWeb = (client: Awaited<ReturnType<typeof member>>, title: string, text: string) =>
    status(client.collection('posts').create({ board: boardId, author: idOf(client), title, body: text }));

  it.each([
    ['web', viaWeb, 400],
    ['email', viaEmail, 550],
  ] as const)('blocked: %s is refused', async (_way, write, expected) => {
    const client = await member();
    await pb.admin.collection('users').update(idOf(client), { blocked: true });
    const title = unique('Blocked');
    expect(await write(client, title, 'Nothing')).toBe(expected);
    expect(await ideasTitled(title)).toHaveLength(0);
  });

  it('blocked: single sign-on signs them in, and every write of that session is refused as on the web', async () => {
    const email = `${unique('sso-blocked')}@chorus.test`;
    const sub = unique('app-user');
    const redeem = async () =>
      pb.visitor().send('/api/chorus/sso', {
        method: 'POST',
        body: { token: await signIdentifyToken(ssoSecret, { sub, email, name: 'Blocked Later' }) },
      });
    await redeem();
    await pb.admin.collection('users').update((await userByEmail(email)).id, { blocked: true });
    const session = await redeem();
    const client = pb.visitor();
    client.authStore.save(session.token, session.record);
    const title = unique('Blocked by SSO');
    expect(await viaWeb(client as never, title, 'Nothing')).toBe(400);
    expect(await ideasTitled(title)).toHaveLength(0);
  });

  it.each([
    ['web', viaWeb],
    ['email', viaEmail],
  ] as const)('a new member’s first idea with a link: %s holds it for review', async (_way, write) => {
    const client = await member();
    const title = unique('Links');
    await write(client, title, 'Buy now at https://cheap-pills.example');
    const [idea] = await ideasTitled(title);
    expect(idea).toMatchObject({ approved: false });
    expect(idea?.held_for).not.toBe('');
  });

  it.each([
    ['web', viaWeb, 429],
    ['email', viaEmail, 451],
  ] as const)('the member’s allowance of ideas: %s stops at the same 20', async (_way, write, expected) => {
    const client = await member();
    const answers: unknown[] = [];
    for (let i = 0; i < 21; i++) answers.push(await write(client, unique('Allowance'), 'One of many'));
    expect(answers.slice(0, 20).every((answer) => answer === 200 || answer === 'sent')).toBe(true);
    expect(answers[20]).toBe(expected);
  });
});

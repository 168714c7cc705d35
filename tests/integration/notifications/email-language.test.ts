// Emails and hook refusals in the right language: each email in its recipient's (their own locale, else the
// site's), right-to-left HTML for Arabic, refusals in the request's Accept-Language, and the seeded
// statuses following the site's default language unless a person renamed them.
import { readFileSync } from 'node:fs';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directionOf, LOCALES, type Locale } from '../../../src/i18n/locales';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { createBoard, createPost, idOf } from '../../support/world';

type Mail = { to: string; subject: string; text: string; html: string };
const APP_URL = 'http://chorus.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let board: RecordModel;
let site: RecordModel;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
  board = await createBoard(pb, 'public');
  site = await pb.admin.collection('site').getFirstListItem('');
  await pb.admin.collection('site').update(site.id, { name: 'Chorus' });
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const emailOf = (client: PocketBase) => String(client.authStore.record?.email);
const mailTo = (client: PocketBase, subject: RegExp) =>
  mail.waitFor((m: Mail) => m.to.includes(emailOf(client)) && subject.test(m.subject));
const setSiteLocale = (locale: string) => pb.admin.collection('site').update(site.id, { default_locale: locale });
const comment = (who: PocketBase, post: RecordModel, body = 'Great idea') =>
  who.collection('comments').create({ post: post.id, author: idOf(who), body });
const statusNames = async () =>
  Object.fromEntries((await pb.visitor().collection('statuses').getFullList()).map((s) => [s.slug, s.name]));
/** A POST with a chosen Accept-Language (undici sends `*` when none is given). */
const postWithLanguage = (client: PocketBase, path: string, language: string, body: object = {}) =>
  fetch(`${pb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: client.authStore.token, 'accept-language': language },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe('notification emails', () => {
  it('reach a member who picked Japanese in Japanese: subject, plain text and HTML', async () => {
    const author = await pb.actor('member', { locale: 'ja' });
    const commenter = await pb.actor('member', { name: 'Ada' });
    const idea = await createPost(pb, board, author, { title: 'ダークモード' });
    await comment(commenter, idea);

    const email = await mailTo(author, /ダークモード/);
    expect(email.subject).toBe('「ダークモード」 に新しいコメントがあります');
    expect(email.text).toContain('Ada さんが 「ダークモード」 にコメントしました。');
    expect(email.text).toContain(`開く: ${APP_URL}/p/${idea.id}`);
    expect(email.text).toContain(`このメールの配信を停止: ${APP_URL}/settings?unsubscribe=`);
    expect(email.html).toContain('<html lang="ja" dir="ltr">');
    expect(email.html).toContain('<p>Ada さんが 「ダークモード」 にコメントしました。</p>');
    expect(email.html).toContain('>Chorus で開く</a>');
  });

  it('reach a member without a locale in the site’s language (German), status names included', async () => {
    await setSiteLocale('de');
    try {
      const author = await pb.actor('member');
      const admin = await pb.actor('admin');
      const idea = await createPost(pb, board, author, { title: 'Exportieren' });
      const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
      expect(planned.name).toBe('Geplant');
      await admin.collection('posts').update(idea.id, { status: planned.id, response: 'Im nächsten Quartal.' });

      const email = await mailTo(author, /Exportieren/);
      expect(email.subject).toBe('„Exportieren“ ist jetzt Geplant');
      expect(email.text).toContain('„Exportieren“ hat jetzt den Status Geplant.\n\nIm nächsten Quartal.');
      expect(email.text).toContain('Diese E-Mails abbestellen: ');
      expect(email.html).toContain('<html lang="de" dir="ltr">');
    } finally {
      await setSiteLocale('en');
    }
  });

  it('in Arabic are right-to-left HTML', async () => {
    const author = await pb.actor('member', { locale: 'ar' });
    const commenter = await pb.actor('member', { name: 'سارة' });
    const idea = await createPost(pb, board, author, { title: 'الوضع الداكن' });
    await comment(commenter, idea);

    const email = await mailTo(author, /الوضع الداكن/);
    expect(email.subject).toBe('تعليق جديد على «الوضع الداكن»');
    expect(email.text).toContain('علّق سارة على «الوضع الداكن».');
    expect(email.html).toContain('<html lang="ar" dir="rtl">');
    expect(email.html).toContain('<body dir="rtl" style="text-align:right">');
  });

  it('stay in English for a member who picked English on a Japanese site', async () => {
    await setSiteLocale('ja');
    try {
      const author = await pb.actor('member', { locale: 'en' });
      const idea = await createPost(pb, board, author, { title: 'Keyboard shortcuts' });
      await comment(await pb.actor('member', { name: 'Lin' }), idea);
      const email = await mailTo(author, /Keyboard shortcuts/);
      expect(email.subject).toBe('New comment on “Keyboard shortcuts”');
      expect(email.html).toContain('<html lang="en" dir="ltr">');
    } finally {
      await setSiteLocale('en');
    }
  });
});

describe('PocketBase’s own emails', () => {
  it('send a member who picked Japanese a Japanese verification email linking to /verify', async () => {
    const email = `ja-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, name: 'Kenji', locale: 'ja' });
    await pb.visitor().collection('users').requestVerification(email);

    const sent = await mail.waitFor((m: Mail) => m.to.includes(email) && m.subject.includes('確認'));
    expect(sent.subject).toBe('Chorus のメールアドレスを確認してください');
    expect(sent.text).toContain('Chorus のメールアドレスを確認してください:');
    expect(sent.text).toMatch(/メールアドレスを確認する: http:\/\/chorus\.test\/verify\?token=[\w.-]+\n/);
    const link = sent.html.match(/href="([^"]+)"/)?.[1] ?? '';
    expect(link.startsWith(`${APP_URL}/verify?token=`)).toBe(true);
    expect(sent.html).toContain('>メールアドレスを確認する</a>');
    expect(sent.html).toContain('<html lang="ja" dir="ltr">');
  });

  it('send a Hebrew sign-in code, right-to-left, with the minutes in words', async () => {
    const email = `he-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, name: 'Noa', locale: 'he' });
    await pb.visitor().collection('users').requestOTP(email);

    const sent = await mail.waitFor((m: Mail) => m.to.includes(email));
    const code = sent.subject.match(/(\d{6})$/)?.[1] ?? '';
    expect(sent.subject).toBe(`קוד הכניסה שלך ל-Chorus: ${code}`);
    expect(sent.text).toContain(`הקוד שלך לכניסה ל-Chorus הוא ${code}.`);
    expect(sent.text).toContain('הוא יפוג בעוד 10 דקות.');
    expect(sent.html).toContain('<html lang="he" dir="rtl">');
  });

  it('send a member without a locale the site’s language, and keep English wording on an English site', async () => {
    const english = `en-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email: english, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, name: 'Sam' });
    await pb.visitor().collection('users').requestPasswordReset(english);
    const reset = await mail.waitFor((m: Mail) => m.to.includes(english));
    expect(reset.subject).toBe('Reset your Chorus password');
    expect(reset.html.match(/href="([^"]+)"/)?.[1]).toMatch(/^http:\/\/chorus\.test\/reset-password\?token=/);

    // PocketBase sends one reset per account every few minutes: another member reads the French one.
    const other = `fr-${Date.now()}@chorus.test`;
    await pb.admin
      .collection('users')
      .create({ email: other, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, name: 'Lou' });
    await setSiteLocale('fr');
    try {
      await pb.visitor().collection('users').requestPasswordReset(other);
      const french = await mail.waitFor((m: Mail) => m.to.includes(other));
      expect(french.subject).toBe('Réinitialisez votre mot de passe Chorus');
      expect(french.text).toContain('Choisissez un nouveau mot de passe pour Chorus :');
    } finally {
      await setSiteLocale('en');
    }
  });
});

/** A locale's own message file, and its `{name}` placeholders filled (the hooks' formatting, without plurals). */
const wordsOf = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

describe('every language Chorus speaks', () => {
  it.each(LOCALES)('%s: a comment notification reaches a member who picked it, in it', async (locale) => {
    const words = wordsOf(locale).emailNotification ?? {};
    const author = await pb.actor('member', { locale });
    const commenter = await pb.actor('member', { name: 'Ada' });
    const title = `Offline ${locale} ${Date.now()}`;
    const idea = await createPost(pb, board, author, { title });
    await comment(commenter, idea);

    const email = await mailTo(author, new RegExp(`Offline ${locale} `));
    const quoted = fill(String(words.quotedTitle), { title });
    expect(email.subject).toBe(fill(String(words.commentSubject), { idea: quoted }));
    expect(email.text).toContain(fill(String(words.commentLine), { actor: 'Ada', idea: quoted }));
    expect(email.html).toContain(`<html lang="${locale}" dir="${directionOf(locale)}">`);
  });

  it.each(LOCALES)('%s: a refusal answers a request in it', async (locale) => {
    const blocked = await pb.actor('member', { blocked: true });
    const answer = await postWithLanguage(blocked, '/api/chorus/notifications/read-all', `${locale},en;q=0.5`);
    expect(answer.body.message).toBe(wordsOf(locale).pbErrors?.accountBlocked);
    if (locale !== 'en') expect(answer.body.message).not.toBe(wordsOf('en').pbErrors?.accountBlocked);
  });
});

describe('refusals from hooks', () => {
  it('answer in the request’s Accept-Language with a stable code', async () => {
    const blocked = await pb.actor('member', { blocked: true });
    const japanese = await postWithLanguage(blocked, '/api/chorus/notifications/read-all', 'ja,en;q=0.5');
    expect(japanese).toEqual({
      status: 403,
      body: { status: 403, code: 'accountBlocked', message: 'あなたのアカウントはブロックされています。', data: {} },
    });
    const german = await postWithLanguage(blocked, '/api/chorus/notifications/read-all', 'de-AT');
    expect(german.body.message).toBe('Ihr Konto ist gesperrt.');
  });

  it('fall back to the member’s language, then the site’s, for a garbage or huge Accept-Language', async () => {
    const blocked = await pb.actor('member', { blocked: true, locale: 'it' });
    for (const language of [';;q=x,,\u00e9', `ja;q=0.1,${'x-garbage;q=0.9,'.repeat(2000)}`, '*']) {
      const answer = await postWithLanguage(blocked, '/api/chorus/notifications/read-all', language);
      expect(answer).toEqual({
        status: 403,
        body: { status: 403, code: 'accountBlocked', message: 'Il tuo account è bloccato.', data: {} },
      });
    }
    const noLocale = await pb.actor('member', { blocked: true });
    const english = await postWithLanguage(noLocale, '/api/chorus/notifications/read-all', 'tlh');
    expect(english.body.message).toBe('Your account is blocked.');
  });

  it('translate field messages too, and leave PocketBase’s own errors alone', async () => {
    const member = await pb.actor('member');
    const blank = await fetch(`${pb.url}/api/collections/posts/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: member.authStore.token, 'accept-language': 'fr' },
      body: JSON.stringify({ board: board.id, author: idOf(member), title: '\u200b\u200b' }),
    });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      status: 400,
      code: 'writeSomethingVisible',
      message: 'Veuillez écrire quelque chose de visible.',
      data: {
        title: {
          code: 'validation_blank',
          message: 'Ne peut pas être vide ni contenir uniquement des caractères invisibles.',
        },
      },
    });
    const moderator = await pb.actor('moderator');
    const idea = await createPost(pb, board, member);
    const merge = await postWithLanguage(moderator, `/api/chorus/posts/${idea.id}/merge`, 'de', {});
    expect(merge).toEqual({
      status: 400,
      body: {
        status: 400,
        code: 'mergeTargetNeeded',
        message: 'Wählen Sie die Idee, mit der zusammengeführt werden soll.',
        data: { into: { code: 'validation_required', message: 'Pflichtfeld.' } },
      },
    });
    const missing = await fetch(`${pb.url}/api/collections/posts/records/nope`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBeUndefined();
  });

  it('name a refused image in the request’s language', async () => {
    const member = await pb.actor('member');
    const form = new FormData();
    form.set('board', board.id);
    form.set('author', idOf(member));
    form.set('title', 'Screenshot');
    form.append('images', new Blob(['just some text'], { type: 'image/png' }), 'notes.png');
    const refused = await fetch(`${pb.url}/api/collections/posts/records`, {
      method: 'POST',
      headers: { authorization: member.authStore.token, 'accept-language': 'ja' },
      body: form,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      status: 400,
      code: 'imageRefused',
      message: 'この画像は使用できません。',
      data: {
        images: {
          code: 'validation_image_refused',
          message: '「notes.png」は JPEG、PNG、GIF、WebP のいずれの画像でもありません。',
        },
      },
    });
  });

  it('answer SSO refusals in the request’s language', async () => {
    const answer = await postWithLanguage(pb.visitor(), '/api/chorus/sso', 'zh-CN', { token: 'x' });
    expect(answer).toEqual({
      status: 403,
      body: { status: 403, code: 'sso_disabled', message: '此看板已关闭从应用登录。', data: {} },
    });
  });
});

describe('seeded statuses', () => {
  it('follow the site’s default language unless a person renamed them', async () => {
    expect(await statusNames()).toEqual({
      open: 'Open',
      'under-review': 'Under review',
      planned: 'Planned',
      'in-progress': 'In progress',
      done: 'Done',
      declined: 'Declined',
    });
    const declined = await pb.admin.collection('statuses').getFirstListItem('slug = "declined"');
    await pb.admin.collection('statuses').update(declined.id, { name: 'Won’t do' });
    await pb.admin.collection('statuses').create({ name: 'Open', slug: 'custom-open', color: '#000000' });

    await setSiteLocale('ja');
    expect(await statusNames()).toEqual({
      open: '受付中',
      'under-review': '検討中',
      planned: '予定',
      'in-progress': '対応中',
      done: '完了',
      declined: 'Won’t do',
      'custom-open': 'Open',
    });
    await setSiteLocale('ar');
    expect((await statusNames())['in-progress']).toBe('قيد التنفيذ');
    await setSiteLocale('en');
    expect((await statusNames()).open).toBe('Open');
    expect((await statusNames()).declined).toBe('Won’t do');
    await pb.admin.collection('statuses').update(declined.id, { name: 'Declined' });
  });
});

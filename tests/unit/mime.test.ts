import { describe, expect, it } from 'vitest';
import { parseMail } from '../../tools/lib/mime.mjs';

describe('reading emails caught by the mail catcher', () => {
  it('decodes a multipart message with quoted-printable parts and an encoded subject', () => {
    const raw = [
      'From: Chorus <no-reply@example.com>',
      'To: <ada@example.com>',
      'Subject: =?UTF-8?q?Your_code_=E2=9C=93?=',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Your code is 123456. Caf=C3=A9 =',
      'time.',
      '--b1',
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Your code is <strong>123456</strong></p>').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.to).toBe('<ada@example.com>');
    expect(mail.subject).toBe('Your code ✓');
    expect(mail.text).toBe('Your code is 123456. Café time.\n');
    expect(mail.html).toContain('<strong>123456</strong>');
    expect(mail.headers['content-type']).toContain('multipart/alternative');
    expect(mail.headers.subject).toBe('Your code ✓');
  });

  it('falls back to the HTML stripped of tags when there is no plain part', () => {
    const mail = parseMail('To: a@example.com\nSubject: Hi\nContent-Type: text/html\n\n<p>Hello &amp; welcome</p>');
    expect(mail.text).toBe('Hello & welcome');
  });
  it('joins a long subject folded into several encoded words without adding spaces', () => {
    const words = ['「ダークモード', '」 に新しいコ', 'メントがあります'].map(
      (part) => `=?utf-8?b?${Buffer.from(part).toString('base64')}?=`,
    );
    const raw = ['To: <ada@example.com>', `Subject: ${words[0]}\r\n ${words[1]}\r\n ${words[2]}`, '', 'Hi'].join(
      '\r\n',
    );
    expect(parseMail(raw).subject).toBe('「ダークモード」 に新しいコメントがあります');
    expect(parseMail('Subject: =?utf-8?q?a?= b =?utf-8?q?c?=\r\n\r\n').subject).toBe('a b c');
  });

  it('keeps every header, folded lines joined, so one-click unsubscribe can be checked', () => {
    const raw = [
      'To: <ada@example.com>',
      'Subject: Digest',
      'List-Unsubscribe: <https://chorus.example/api/chorus/unsubscribe?token=abc>',
      'List-Unsubscribe-Post:',
      '  List-Unsubscribe=One-Click',
      '',
      'Hello',
    ].join('\r\n');
    const mail = parseMail(raw);
    expect(mail.headers['list-unsubscribe']).toBe('<https://chorus.example/api/chorus/unsubscribe?token=abc>');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });
});

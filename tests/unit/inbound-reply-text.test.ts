// What a reply by email keeps (pb_hooks/platform/reply-text.js): the person's words, without the quoted
// message each common mail program adds under them, the signature or "Sent from my …".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// pb_hooks files are CommonJS for PocketBase's JSVM, while this package is ESM: evaluate the file as PocketBase does.
const hookModule = { exports: {} as { replyText(text: string): string } };
new Function('module', readFileSync(new URL('../../pb_hooks/platform/reply-text.js', import.meta.url), 'utf8'))(
  hookModule,
);
const { replyText } = hookModule.exports;

describe('replyText', () => {
  it.each([
    ['Gmail', 'Sounds good.\r\n\r\nOn Tue, 24 Nov 2026 at 10:00, Chorus <no-reply@x.test> wrote:\r\n> Ada commented'],
    [
      'Gmail, its "wrote:" wrapped',
      'Sounds good.\n\nOn Tue, 24 Nov 2026 at 10:00, Chorus <no-reply@x.test>\nwrote:\n> Ada',
    ],
    ['Outlook', 'Sounds good.\n\n________________________________\nFrom: Chorus <no-reply@x.test>\nSent: Tuesday'],
    ['Outlook, older', 'Sounds good.\n\n-----Original Message-----\nFrom: Chorus'],
    ['French', 'Sounds good.\n\nLe mar. 24 nov. 2026 à 10:00, Chorus <no-reply@x.test> a écrit :\n> Ada'],
    ['German', 'Sounds good.\n\nAm 24.11.2026 um 10:00 schrieb Chorus <no-reply@x.test>:\n> Ada'],
    ['a signature', 'Sounds good.\n\n-- \nAda Lovelace\nACME'],
    ['a phone', 'Sounds good.\n\nSent from my iPhone'],
  ])('keeps only the words above the quote (%s)', (_client, text) => {
    expect(replyText(text)).toBe('Sounds good.');
  });

  it('keeps paragraphs and drops quoted lines between them', () => {
    expect(replyText('First.\n\n> quoted\n\nSecond.\n\n\n\nThird.')).toBe('First.\n\nSecond.\n\nThird.');
  });

  it('is empty when there is nothing but the quote', () => {
    expect(replyText('On Tue, Nov 24, 2026 Chorus wrote:\n> Ada commented')).toBe('');
  });
});

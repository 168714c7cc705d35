// The Worker's per-isolate messages: a translation over English, read once; one that fails to load reads
// English, is said once, and is asked for again by a later request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../../src/i18n/format';
import { messageLoader } from '../../../src/i18n/message-cache';

const english: Messages = { nav: { home: 'Home', search: 'Search' } };
const german: Messages = { nav: { home: 'Startseite' } };

afterEach(() => vi.restoreAllMocks());

describe('messageLoader', () => {
  it('answers English itself and lays a translation over English, reading each translation once', async () => {
    const read = vi.fn(async () => german);
    const load = messageLoader(english, read);
    expect(await load('en')).toBe(english);
    const [first, second] = await Promise.all([load('de'), load('de')]);
    expect(first).toEqual({ nav: { home: 'Startseite', search: 'Search' } });
    expect(second).toBe(first);
    expect(await load('de')).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('answers English when a translation fails, logs once, and retries on a later call', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const read = vi
      .fn<() => Promise<Messages>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce(german);
    const load = messageLoader(english, read);
    expect(await load('de')).toBe(english);
    expect(await load('de')).toBe(english);
    expect(log).toHaveBeenCalledTimes(1);
    expect(await load('de')).toEqual({ nav: { home: 'Startseite', search: 'Search' } });
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe('isEnglishStandIn', () => {
  it('is true only for English answering in place of another locale', async () => {
    const { isEnglishStandIn, loadMessages } = await import('../../../src/i18n/messages');
    const englishMessages = await loadMessages('en');
    expect(isEnglishStandIn('en', englishMessages)).toBe(false);
    expect(isEnglishStandIn('de', await loadMessages('de'))).toBe(false);
    expect(isEnglishStandIn('de', englishMessages)).toBe(true);
  });
});

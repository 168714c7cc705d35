// The operator commands' shared reading of arguments (tools/lib/cli.mjs): help, one-sentence refusals.

import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { oneSentence, parseCommandLine, positiveNumber, UsageError, usageFromScript } from '../../tools/lib/cli.mjs';

const spec = {
  command: 'import',
  positionals: true,
  options: { file: { type: 'string' as const }, yes: { type: 'boolean' as const, default: false } },
};

describe('parseCommandLine', () => {
  it('answers --help and -h before anything else, even beside a wrong option', () => {
    expect(parseCommandLine(['--help'], spec)).toEqual({ help: true });
    expect(parseCommandLine(['--nope', '-h'], spec)).toEqual({ help: true });
  });

  it('reads options and positionals', () => {
    expect(parseCommandLine(['csv', '--file', 'a.csv', '--yes'], spec)).toEqual({
      help: false,
      values: { file: 'a.csv', yes: true },
      positionals: ['csv'],
    });
  });

  it.each([
    [['--nope'], 'Unknown option --nope; see `npm run import -- --help`.'],
    [['--file'], '--file needs a value (write --name=-value for one starting with -); see `npm run import -- --help`.'],
    [['--yes=1'], '--yes takes no value; see `npm run import -- --help`.'],
  ])('refuses %j in one sentence naming the help command', (argv, message) => {
    expect(() => parseCommandLine(argv, spec)).toThrow(UsageError);
    expect(() => parseCommandLine(argv, spec)).toThrow(message);
  });

  it('refuses a stray argument when the command takes none', () => {
    expect(() => parseCommandLine(['extra'], { command: 'schema' })).toThrow(
      'Unexpected argument extra; see `npm run schema -- --help`.',
    );
  });
});

describe('usageFromScript', () => {
  it('is the synopsis followed by the script’s intent comment', () => {
    const usage = usageFromScript({
      command: 'restore',
      synopsis: '--to <folder>',
      file: new URL('../../tools/restore.mjs', import.meta.url).href,
    });
    expect(usage.split('\n')[0]).toBe('Usage: npm run restore -- --to <folder>');
    expect(usage).toContain('restores PocketBase');
    expect(usage).not.toContain('import ');
  });
});

describe('oneSentence', () => {
  it('says which address does not answer instead of "fetch failed"', () => {
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 1 }),
    });
    expect(oneSentence(error)).toBe('nothing answers at 127.0.0.1:1 (is it running?)');
  });

  it('keeps only the first line of a message', () => {
    expect(oneSentence(new Error('first\n    at somewhere'))).toBe('first');
  });

  it("names the PocketBase route and each field's complaint when PocketBase refuses a write", () => {
    const refusal = new ClientResponseError({
      url: 'http://127.0.0.1:8090/api/collections/ideas/records/abc',
      status: 400,
      response: {
        message: 'Failed to update record.',
        data: { title: { code: 'validation_required', message: 'Cannot be blank.' } },
      },
    });
    expect(oneSentence(refusal)).toBe(
      'Failed to update record. (400 from /api/collections/ideas/records/abc; title: Cannot be blank.)',
    );
  });
});

describe('positiveNumber', () => {
  it('accepts a positive number and names the option otherwise', () => {
    expect(positiveNumber('2.5', '--minutes')).toBe(2.5);
    expect(() => positiveNumber('0', '--minutes')).toThrow('--minutes takes a positive number (got 0).');
    expect(() => positiveNumber('x', '--minutes')).toThrow(UsageError);
  });
});

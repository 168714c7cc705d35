// `npm run test:changed` picks the tests of what a change touched by the project's naming (tools/lib/changed-tests.mjs).
import { describe, expect, it } from 'vitest';
import { conceptOf, selectTests } from '../../tools/lib/changed-tests.mjs';

const TESTS = [
  'tests/unit/votes/trending.test.ts',
  'tests/unit/list-query.test.ts',
  'tests/integration/votes/votes.test.ts',
  'tests/integration/comments/comments.test.ts',
  'tests/integration/stores/votes.test.ts',
  'tests/e2e/votes/votes.spec.ts',
  'tests/e2e/live/live-edge.spec.ts',
  'tests/e2e/comments/comments.spec.ts',
  'tests/e2e/fixtures.ts',
];

describe('changed tests', () => {
  it('reads the concept from the folder under a known root, or the name of a file straight in it', () => {
    expect(conceptOf('src/features/votes/VoteButton.tsx')).toBe('votes');
    expect(conceptOf('pb_hooks/comments/comments.pb.js')).toBe('comments');
    expect(conceptOf('pb_hooks/votes/counted.js')).toBe('votes');
    expect(conceptOf('pb_hooks/platform/text.js')).toBe('text');
    expect(conceptOf('src/stores/votes.ts')).toBe('votes');
    expect(conceptOf('src/lib/live/edge-client.ts')).toBe('live');
    expect(conceptOf('tests/e2e/live/reconnect.spec.ts')).toBe('live');
    expect(conceptOf('README.md')).toBe('');
  });

  it('runs every test of a touched concept, in every kind, and leaves the others', () => {
    const picked = selectTests(['src/features/votes/VoteButton.tsx'], TESTS);
    expect(picked.vitest).toEqual([
      'tests/unit/votes/trending.test.ts',
      'tests/integration/votes/votes.test.ts',
      'tests/integration/stores/votes.test.ts',
    ]);
    expect(picked.e2e).toEqual(['tests/e2e/votes/votes.spec.ts']);
    expect(picked.sources).toEqual(['src/features/votes/VoteButton.tsx']);
  });

  it('runs a changed test file itself, and hands changed modules to vitest related', () => {
    const picked = selectTests(['tests/unit/list-query.test.ts', 'src/lib/list-query.ts', 'docs/x.md'], TESTS);
    expect(picked.vitest).toEqual(['tests/unit/list-query.test.ts']);
    expect(picked.e2e).toEqual([]);
    expect(picked.sources).toEqual(['src/lib/list-query.ts']);
  });

  it('runs nothing for a change that names no concept', () => {
    expect(selectTests(['README.md'], TESTS)).toEqual({ concepts: [], vitest: [], e2e: [], sources: [] });
  });
});

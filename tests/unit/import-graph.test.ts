// Features depend one way: no import cycle in src/, and no two feature folders (src/features/*) whose code imports
// each other's values (type-only imports are kept apart: they vanish from the built code). What two features
// share moves to the lower one or to the platform (src/lib, src/stores).
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, twoWayFeatures } from '../../tools/lib/import-graph.mjs';

const edges = importGraph('src');
const values = edges.filter((edge) => !edge.types);

describe('the import graph of src/', () => {
  it('is read whole: the walker finds imports of every kind', () => {
    const has = (from: string, to: string) => values.some((edge) => edge.from === from && edge.to === to);
    expect(values.length).toBeGreaterThan(1000);
    expect(has('src/features/votes/votes.ts', 'src/stores/posts.ts')).toBe(true); // import { … } from
    expect(has('src/stores/posts.ts', 'src/lib/live/idea-live-catch-up.ts')).toBe(true); // import('…')
    expect(edges.some((edge) => edge.types && edge.from === 'src/stores/posts.ts')).toBe(true); // import type
    expect(values.some((edge) => edge.from.endsWith('.astro'))).toBe(true); // an .astro file's frontmatter
  });

  it('has no import cycle', () => {
    expect(cyclesOf(values)).toEqual([]);
  });

  it('has no two feature folders that import each other', () => {
    expect(twoWayFeatures(values)).toEqual([]);
  });

  it('sees a cycle and a two-way pair where there is one', () => {
    const made = [
      { from: 'src/features/a/x.ts', to: 'src/features/b/y.ts', types: false },
      { from: 'src/features/b/y.ts', to: 'src/features/a/x.ts', types: false },
    ];
    expect(cyclesOf(made)).toEqual([['src/features/a/x.ts', 'src/features/b/y.ts']]);
    expect(twoWayFeatures(made)).toEqual(['a ↔ b (a/x.ts → b/y.ts; b/y.ts → a/x.ts)']);
  });
});

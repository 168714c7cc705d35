// The server's hooks depend one way, as src/ does (import-graph.test.ts): every `require(`${__hooks}/…`)` names a
// file that exists, no module requires its way back to itself (even lazily, inside a function), and no two concept
// folders of pb_hooks/lib/ require each other. What two concepts share moves to the lower one, to a loose lib file
// (lib/tally.js, lib/door.js), or to a hook of the higher one (rest-hooks.pb.js stops a revoked key's hooks).
import { describe, expect, it } from 'vitest';
import { cyclesOf, hooksConceptOf, hooksGraph, twoWayFeatures } from '../../tools/lib/import-graph.mjs';

const edges = hooksGraph();

describe('the require graph of pb_hooks/', () => {
  it('is read whole: the walker finds the hooks and their libraries', () => {
    const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
    expect(edges.length).toBeGreaterThan(600);
    expect(has('pb_hooks/votes.pb.js', 'pb_hooks/lib/priority/vote-worth.js')).toBe(true); // a hook's handler
    expect(has('pb_hooks/lib/priority/vote-worth.js', 'pb_hooks/lib/webhooks/milestones.js')).toBe(true); // lib → lib
  });

  it('names only files that exist', () => {
    expect(edges.filter((edge) => edge.missing).map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it('has no require cycle', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('has no two concept folders that require each other', () => {
    expect(twoWayFeatures(edges, hooksConceptOf)).toEqual([]);
  });

  it('sees a two-way pair of concepts where there is one', () => {
    const made = [
      { from: 'pb_hooks/lib/a/x.js', to: 'pb_hooks/lib/b/y.js' },
      { from: 'pb_hooks/lib/b/y.js', to: 'pb_hooks/lib/a/z.js' },
    ];
    expect(twoWayFeatures(made, hooksConceptOf)).toEqual(['a ↔ b (a/x.js → b/y.js; b/y.js → a/z.js)']);
  });
});

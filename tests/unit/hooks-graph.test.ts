// The server's hooks depend one way, as src/ does (import-graph.test.ts): every `require(`${__hooks}/…`)` names a
// file that exists, no module requires its way back to itself (even lazily, inside a function), and no two concept
// folders of pb_hooks/ require each other. What two concepts share moves to the lower one, to a loose platform module
// (platform/tally.js, platform/door.js), or to a hook of the higher one (rest-hooks.pb.js stops a revoked key's hooks).
// Each concept's hook files sit in its folder; pb_hooks/load.pb.js, the one file at the top, loads them.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hookFiles } from '../../tools/lib/hook-files.mjs';
import { cyclesOf, hooksConceptOf, hooksGraph, twoWayFeatures } from '../../tools/lib/import-graph.mjs';

const edges = hooksGraph();

describe('the require graph of pb_hooks/', () => {
  it('is read whole: the walker finds the hooks and their libraries', () => {
    const has = (from: string, to: string) => edges.some((edge) => edge.from === from && edge.to === to);
    expect(edges.length).toBeGreaterThan(600);
    expect(has('pb_hooks/votes/votes.pb.js', 'pb_hooks/priority/vote-worth.js')).toBe(true); // a hook's handler
    expect(has('pb_hooks/priority/vote-worth.js', 'pb_hooks/webhooks/milestones.js')).toBe(true); // lib → lib
  });

  it('keeps every hook file in a concept folder, loaded by the one file PocketBase reads at the top', () => {
    expect(readdirSync('pb_hooks').filter((name) => name.endsWith('.pb.js'))).toEqual(['load.pb.js']);
    const files = hookFiles('pb_hooks');
    expect(files.length).toBeGreaterThan(70);
    expect(files).toContain('votes/votes.pb.js');
    expect(files.filter((file) => !/^[a-z-]+\/(?:[a-z-]+\/)?[a-z_-]+\.pb\.js$/.test(file))).toEqual([]);
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
      { from: 'pb_hooks/a/x.js', to: 'pb_hooks/b/y.js' },
      { from: 'pb_hooks/b/y.js', to: 'pb_hooks/a/z.js' },
    ];
    expect(twoWayFeatures(made, hooksConceptOf)).toEqual(['a ↔ b (a/x.js → b/y.js; b/y.js → a/z.js)']);
  });

  it('counts modules by their concept, a platform part as its own, a hook file and a loose platform module as none', () => {
    expect(hooksConceptOf('pb_hooks/votes/counted.js')).toBe('votes');
    expect(hooksConceptOf('pb_hooks/platform/edge/edge-publish.js')).toBe('edge');
    expect(hooksConceptOf('pb_hooks/platform/door.js')).toBe(null);
    expect(hooksConceptOf('pb_hooks/votes/votes.pb.js')).toBe(null);
  });
});

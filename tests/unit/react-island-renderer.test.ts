// Every island a page renders is tagged with its renderer on the server, so Astro skips React's `check`
// (which renders the component an extra time); anything else is left alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagIsland } from '../../tools/lib/react-island-renderer.mjs';

const ROOT = join(import.meta.dirname, '../..');

/** The islands that .astro files import (the ones Astro renders, and would otherwise `check`). */
function islandsRenderedByAstro(): string[] {
  const names = new Set<string>();
  const islandImport = /from '(?:\.\.?\/)+(?:(?:features\/[a-z-]+|ui)\/)?([A-Z]\w*)'/g;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.astro')) {
        for (const match of readFileSync(path, 'utf8').matchAll(islandImport)) {
          names.add(match[1] ?? '');
        }
      }
    }
  };
  walk(join(ROOT, 'src'));
  return [...names].sort();
}

/** Where an island lives: its feature's folder, or src/ui for the shared ones. */
function islandFile(name: string): string {
  const homes = [
    join(ROOT, 'src/ui'),
    ...readdirSync(join(ROOT, 'src/features')).map((f) => join(ROOT, 'src/features', f)),
  ];
  const home = homes.find((dir) => existsSync(join(dir, `${name}.tsx`)));
  if (!home) throw new Error(`no island named ${name}`);
  return join(home, `${name}.tsx`);
}

describe('naming the renderer of each island', () => {
  const islands = islandsRenderedByAstro();

  it('finds the islands pages render', () => {
    expect(islands).toContain('WelcomePrompt');
    expect(islands.length).toBeGreaterThan(20);
  });

  for (const name of islands) {
    it(`tags ${name}`, () => {
      const id = islandFile(name);
      const tagged = tagIsland(readFileSync(id, 'utf8'), id);
      expect(tagged).toContain(`\n${name}[Symbol.for('astro:renderer')] = '@astrojs/react';`);
    });
  }

  it('leaves other modules, and an island not written as `export default function <Name>(`, alone', () => {
    expect(tagIsland('export default function Foo() {}', '/x/src/lib/Foo.tsx')).toBeNull();
    expect(tagIsland('export const x = 1;', '/x/src/features/ideas/live-cards.ts')).toBeNull();
    expect(tagIsland('const Foo = () => null; export default Foo;', '/x/src/features/ideas/Foo.tsx')).toBeNull();
    expect(tagIsland('export default function Foo() {}', '/x/src/ui/Foo.tsx?v=1')).toContain('Foo[Symbol');
  });
});

// The seams the architecture states are the real ones: in the site's code only src/lib/pb imports the PocketBase SDK
// (everything else takes its types and error class from src/lib/pb/client.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [path] : [];
  });
}

describe('the PocketBase SDK seam', () => {
  it('nothing in src/ outside src/lib/pb imports the pocketbase package', () => {
    const outside = sourceFiles('src')
      .filter((file) => !file.startsWith(join('src', 'lib', 'pb')))
      .filter((file) => /from ['"]pocketbase['"]|import\(['"]pocketbase['"]\)/.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });
});

describe('the stores’ client seam', () => {
  it('every store (a module using nanostores) reaches PocketBase through stores/client.ts (so tests point all of them at one client)', () => {
    const stores = [...sourceFiles(join('src', 'stores')), ...sourceFiles(join('src', 'features'))].filter((file) =>
      /from 'nanostores'/.test(readFileSync(file, 'utf8')),
    );
    expect(stores.length).toBeGreaterThan(30);
    const direct = stores
      .filter((file) => file !== join('src', 'stores', 'client.ts'))
      .filter((file) => /getBrowserClient/.test(readFileSync(file, 'utf8')));
    expect(direct).toEqual([]);
  });
});

describe('the platform under the features', () => {
  it('nothing in src/lib, src/stores, src/ui or src/i18n imports from src/features (features build on the platform, never the reverse)', () => {
    const platform = ['lib', 'stores', 'ui', 'i18n'].flatMap((dir) => sourceFiles(join('src', dir)));
    expect(platform.length).toBeGreaterThan(60);
    const upward = platform.filter((file) => /from ['"](\.\.\/)+features\//.test(readFileSync(file, 'utf8')));
    expect(upward).toEqual([]);
  });

  it('every feature folder holds code of its own concept only: no islands/, stores/ or lib/pb/ folders by kind', () => {
    const byKind = sourceFiles(join('src', 'features')).filter((file) => /[\\/](islands|stores|pb)[\\/]/.test(file));
    expect(byKind).toEqual([]);
  });
});

// The contract written once (src/contract/*.ts) and its CommonJS copies for PocketBase's hooks never drift apart:
// regenerating changes nothing, and no hand-written file hides among the generated ones.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractTarget, generatedContract } from '../../tools/lib/contract.mjs';

describe('the contract for both runtimes', () => {
  const files = generatedContract();

  it('each generated file in pb_hooks/lib/contract is current (run `npm run contract` after editing src/contract)', () => {
    for (const file of files) {
      expect(existsSync(file.path), `${file.path} is missing`).toBe(true);
      expect(readFileSync(file.path, 'utf8'), `${file.path} is stale`).toBe(file.text);
    }
  });

  it('holds nothing but generated files', () => {
    const expected = files.map((file) => file.path).sort();
    expect(
      readdirSync(contractTarget)
        .map((name) => join(contractTarget, name))
        .sort(),
    ).toEqual(expected);
  });
});

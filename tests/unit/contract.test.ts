// The contract written once (src/contract/*.ts), its CommonJS copies for PocketBase's hooks and Go's copy (with the
// answers its test checks Go against) never drift apart: regenerating changes nothing, and no hand-written file
// hides among the generated ones.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractTarget, generatedContract } from '../../tools/lib/contract.mjs';

describe('the contract for both runtimes', () => {
  const files = generatedContract();

  it('each generated file (pb_hooks/platform/contract, contract_gen.go and its cases) is current (run `npm run contract` after editing src/contract)', () => {
    for (const file of files) {
      expect(existsSync(file.path), `${file.path} is missing`).toBe(true);
      expect(readFileSync(file.path, 'utf8'), `${file.path} is stale`).toBe(file.text);
    }
  });

  it('holds nothing but generated files', () => {
    const expected = files
      .map((file) => file.path)
      .filter((path) => path.startsWith(contractTarget))
      .sort();
    expect(
      readdirSync(contractTarget)
        .map((name) => join(contractTarget, name))
        .sort(),
    ).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../tools/check-node.mjs';

describe('the Node version guard of every npm script', () => {
  it.each(['20.20.2', '22.11.0', '18.19.1'])('refuses Node %s with a clear message', (version) => {
    expect(nodeVersionProblem(version)).toMatch(/needs Node >= 22\.12.*runs on Node/s);
  });

  it.each(['22.12.0', '24.21.0', '26.1.0'])('accepts Node %s', (version) => {
    expect(nodeVersionProblem(version)).toBeNull();
  });

  it('is the Node that runs the tests', () => {
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });
});

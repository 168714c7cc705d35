// Which tests a change touches, for `npm run test:changed`: the test files changed themselves, and every test of a
// concept a changed file belongs to (src/features/<concept>, tests/<kind>/<concept>, pb_hooks/<concept>/…),
// found by the project's naming; vitest adds the unit tests that import a changed module (`vitest related`).

/** Where a file's first folder (or, directly inside, its name) names the concept it belongs to. */
const CONCEPT_ROOTS = [
  'src/features/',
  'src/stores/',
  'src/lib/',
  'src/edge/',
  'src/pages/',
  'pb_hooks/platform/',
  'pb_hooks/',
  'tests/unit/',
  'tests/integration/',
  'tests/e2e/',
  'tools/lib/',
];

const VITEST_FILE = /^tests\/(unit|integration)\/.*\.test\.ts$/;
const E2E_SPEC = /^tests\/e2e\/.*\.spec\.ts$/;

/** The concept a path belongs to ('' when none): `src/features/votes/VoteButton.tsx` → `votes`. */
export function conceptOf(path) {
  const root = CONCEPT_ROOTS.find((prefix) => path.startsWith(prefix));
  if (!root) return '';
  const [first] = path.slice(root.length).split('/');
  // A file straight in the root is its own concept: pb_hooks/platform/text.js, src/stores/posts.ts.
  return first.replace(/\.(pb\.js|test\.ts|spec\.ts|tsx?|mjs|js|astro)$/, '');
}

/**
 * The tests `changed` paths touch, among `testFiles` (every test file of the repository).
 * @param {string[]} changed paths relative to the repository's root
 * @param {string[]} testFiles
 * @returns {{ concepts: string[], vitest: string[], e2e: string[], sources: string[] }} `sources`: changed files
 *   that are not tests, for `vitest related`
 */
export function selectTests(changed, testFiles) {
  const concepts = [...new Set(changed.map(conceptOf).filter(Boolean))].sort();
  const ofConcept = (file) => {
    const [, , first, ...rest] = file.split('/');
    const stem = (rest.at(-1) ?? first).replace(/\.(test|spec)\.ts$/, '');
    return concepts.includes(first) || concepts.includes(stem);
  };
  const picked = testFiles.filter((file) => changed.includes(file) || ofConcept(file));
  return {
    concepts,
    vitest: picked.filter((file) => VITEST_FILE.test(file)),
    e2e: picked.filter((file) => E2E_SPEC.test(file)),
    sources: changed.filter((file) => !VITEST_FILE.test(file) && !E2E_SPEC.test(file) && /\.(m?js|tsx?)$/.test(file)),
  };
}

// The words the importer prints, in English plurals: what it will do (the dry run, and the plan before a
// real run) and what it did, as the same lines, so the two can be read side by side.
const PLURAL = new Intl.PluralRules('en');
const NOUNS = {
  posts: ['idea', 'ideas'],
  comments: ['comment', 'comments'],
  votes: ['vote', 'votes'],
  images: ['image', 'images'],
  users: ['person', 'people'],
  tags: ['tag', 'tags'],
  boards: ['board', 'boards'],
};
const HOW_MATCHED = { users: 'by email', tags: 'by name', boards: 'by name' };

/** "1 tag", "6 tags", "0 people". */
export const countOf = (n, kind) => `${n} ${NOUNS[kind][PLURAL.select(n) === 'one' ? 0 : 1]}`;

const listOf = (counts, suffix = () => '') =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${countOf(n, kind)}${suffix(kind)}`)
    .join(', ') || 'nothing';

/** The lines both the plan and the result print: new, matched, already imported, problems. */
export function describeTally(tally, problems) {
  return [
    `  new               ${listOf(tally.created)}`,
    `  matched           ${listOf(tally.matched, (kind) => ` ${HOW_MATCHED[kind]}`)}`,
    `  already imported  ${listOf(tally.imported)}`,
    `  problems          ${problems.length ? `${problems.length} (not imported, or changed to fit)` : 'none'}`,
  ];
}

const listProblems = (problems) => problems.map((problem) => `  - ${problem.where}: ${problem.why}`);

/** What a dry run prints: the plan and its problems. Nothing is written. */
export function describeDryRun(model, plan) {
  return [
    `Dry run of the import from ${model.source} (nothing is written). It would do this:`,
    ...describeTally(plan.tally, plan.problems),
    ...listProblems(plan.problems),
  ].join('\n');
}

/** What a real run prints before it writes (and asks, unless --yes). */
export function describePlan(model, plan) {
  return [
    `Import from ${model.source} into Chorus (a real run, not a dry run). It will do this:`,
    ...describeTally(plan.tally, plan.problems),
    ...(plan.problems.length ? ['  (the problems are listed after the import)'] : []),
  ].join('\n');
}

/** What a real run prints once it is done: what it did, in the plan's words, and every problem. */
export function describeReport(model, report) {
  return [
    `Imported from ${model.source} into Chorus. It did this:`,
    ...describeTally(report.tally, report.problems),
    ...listProblems(report.problems),
  ].join('\n');
}

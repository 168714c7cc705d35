// The words the importer prints: the dry-run summary before, and the report after.
export function describePlan(model, plan) {
  return [
    `Import from ${model.source} (dry run):`,
    `  people   ${plan.users.create} to create, ${plan.users.matched} matched by email, ${plan.users.imported} already imported`,
    `  tags     ${plan.tags.create} to create, ${plan.tags.imported} already imported`,
    `  ideas    ${plan.posts.create} to create, ${plan.posts.imported} already imported`,
    `  comments ${plan.comments.create} to create, ${plan.comments.imported} already imported`,
    `  votes    ${plan.votes.create} to create, ${plan.votes.imported} already imported`,
    `  images   ${plan.images} to copy`,
    `  problems ${plan.problems} found while reading (listed after the import)`,
  ].join('\n');
}

export function describeReport(report) {
  const { created, matched, problems } = report;
  const lines = [
    `Imported: ${created.posts} ideas, ${created.comments} comments, ${created.votes} votes, ${created.images} images, ` +
      `${created.tags} tags; ${created.users} people created, ${matched.users} matched by email.`,
  ];
  if (problems.length) {
    lines.push(`Not imported or changed (${problems.length}):`);
    for (const problem of problems) lines.push(`  - ${problem.where}: ${problem.why}`);
  }
  return lines.join('\n');
}

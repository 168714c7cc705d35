// `node tools/record-github-fixtures.mjs --from <folder>`: re-records tests/fixtures/github/ from GitHub's
// published OpenAPI descriptions (REST: @octokit/openapi, webhooks: @octokit/openapi-webhooks), installed in
// <folder> with `npm install --no-save @octokit/openapi@23.0.2 @octokit/openapi-webhooks@12.1.0` (not a
// dependency of Chorus: 385 MB). Writes the REST examples the local GitHub server answers with, and the
// webhook headers and required fields the events it signs must carry. tests/fixtures/github/README.md says more.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, UsageError } from './lib/cli.mjs';

const { values } = commandLine({
  command: 'record-github-fixtures',
  file: import.meta.url,
  synopsis: '--from <folder with node_modules/@octokit/openapi*>',
  options: { from: { type: 'string' } },
});
if (!values.from) throw new UsageError('Say where the schemas are installed: --from <folder>; see --help.');

const read = (name) => {
  const path = join(values.from, 'node_modules', '@octokit', name, 'generated', 'api.github.com.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(`There is no ${path}: install the schemas there first (see --help).`);
  }
};
const rest = read('openapi');
const hooks = read('openapi-webhooks');
const out = new URL('../tests/fixtures/github/', import.meta.url);
const write = (name, value) => writeFileSync(new URL(name, out), `${JSON.stringify(value, null, 2)}\n`);

/** An example object, following $ref in the example or in its value (both occur in the description). */
function resolveExample(example) {
  const named = (ref) => rest.components.examples[ref.split('/').pop()];
  const found = example.$ref ? named(example.$ref) : example;
  return found.value?.$ref ? named(found.value.$ref) : found;
}

/** The example of an operation's success answer, and its request body example when it has one. */
function operation(path, method) {
  const op = rest.paths[path][method];
  const [status, answer] = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
  const example = Object.values(answer.content['application/json'].examples)[0];
  const resolved = resolveExample(example);
  const request = op.requestBody?.content?.['application/json']?.examples;
  const requestExample = request ? Object.values(request)[0] : undefined;
  return {
    source: `${rest.info.title} ${rest.info.version}: ${method.toUpperCase()} ${path} (${op.operationId})`,
    status: Number(status),
    request: requestExample ? resolveExample(requestExample).value : undefined,
    response: resolved.value,
  };
}

write('issues-create.json', operation('/repos/{owner}/{repo}/issues', 'post'));
write('issues-get.json', operation('/repos/{owner}/{repo}/issues/{issue_number}', 'get'));
write('issues-create-comment.json', operation('/repos/{owner}/{repo}/issues/{issue_number}/comments', 'post'));
write('repos-get.json', operation('/repos/{owner}/{repo}', 'get'));

// Webhooks: the headers GitHub sends, and the fields each issues event and its issue object require.
const events = {};
for (const action of ['opened', 'edited', 'closed', 'reopened']) {
  const op = hooks.webhooks[`issues-${action}`].post;
  const schema = hooks.components.schemas[op.requestBody.content['application/json'].schema.$ref.split('/').pop()];
  const issue = schema.properties.issue.allOf ? schema.properties.issue.allOf[0] : schema.properties.issue;
  events[action] = { required: schema.required, issueRequired: issue.required };
}
const headers = hooks.webhooks['issues-closed'].post.parameters
  .filter((p) => p.in === 'header')
  .map((p) => ({ name: p.name, example: String(p.example) }));
write('webhooks.json', {
  source: `${hooks.info.title} ${hooks.info.version}: webhooks issues-{opened,edited,closed,reopened}`,
  headers,
  events,
});
console.log(`Wrote tests/fixtures/github/ from ${rest.info.title} ${rest.info.version} and ${hooks.info.title}.`);

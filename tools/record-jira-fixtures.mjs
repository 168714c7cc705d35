// `node tools/record-jira-fixtures.mjs --from <swagger-v3.v3.json>`: re-records tests/fixtures/jira/ from Atlassian's
// published OpenAPI description of the Jira Cloud platform REST API v3 (the file the API reference offers for
// download). Writes the documented examples of the calls Chorus makes, the properties of the schemas the local Jira
// builds webhook payloads from, and the webhook envelope and headers Atlassian's webhooks page documents (they are
// not in the OpenAPI description). tests/fixtures/jira/README.md says more.
import { readFileSync, writeFileSync } from 'node:fs';
import { commandLine, UsageError } from './lib/cli.mjs';

const { values } = commandLine({
  command: 'record-jira-fixtures',
  file: import.meta.url,
  synopsis: '--from <swagger-v3.v3.json>',
  options: { from: { type: 'string' } },
});
if (!values.from)
  throw new UsageError("Say where Atlassian's description is: --from <swagger-v3.v3.json>; see --help.");
let spec;
try {
  spec = JSON.parse(readFileSync(values.from, 'utf8'));
} catch {
  throw new UsageError(`${values.from} is not Atlassian's OpenAPI description (see --help).`);
}
const out = new URL('../tests/fixtures/jira/', import.meta.url);
const write = (name, value) => writeFileSync(new URL(name, out), `${JSON.stringify(value, null, 2)}\n`);
const version = `${spec.info.title} ${spec.info.version}`;
const parse = (example) => (typeof example === 'string' ? JSON.parse(example) : example);

/** An operation's documented request example and success answer (status and example). */
function operation(path, method) {
  const op = spec.paths[path]?.[method];
  if (!op) throw new UsageError(`The description has no ${method.toUpperCase()} ${path}.`);
  const [status, answer] = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
  const request = op.requestBody?.content?.['application/json']?.example;
  const response = answer.content?.['application/json']?.example;
  return {
    source: `${version}: ${method.toUpperCase()} ${path} (${op.operationId})`,
    status: Number(status),
    request: request === undefined ? undefined : parse(request),
    response: response === undefined || response === '' ? undefined : parse(response),
  };
}

write('issue-create.json', operation('/rest/api/3/issue', 'post'));
write('issue-get.json', operation('/rest/api/3/issue/{issueIdOrKey}', 'get'));
write('transitions-get.json', operation('/rest/api/3/issue/{issueIdOrKey}/transitions', 'get'));
write('transitions-do.json', operation('/rest/api/3/issue/{issueIdOrKey}/transitions', 'post'));
write('comment-add.json', operation('/rest/api/3/issue/{issueIdOrKey}/comment', 'post'));
write('project-get.json', operation('/rest/api/3/project/{projectIdOrKey}', 'get'));
write('project-statuses.json', operation('/rest/api/3/project/{projectIdOrKey}/statuses', 'get'));

const schemas = {};
for (const name of ['IssueBean', 'StatusDetails', 'StatusCategory', 'ChangeDetails', 'Comment', 'UserDetails']) {
  const schema = spec.components.schemas[name];
  if (!schema) throw new UsageError(`The description has no schema ${name}.`);
  schemas[name] = { required: schema.required ?? [], properties: Object.keys(schema.properties ?? {}).sort() };
}
write('schemas.json', {
  source: `${version}: components.schemas`,
  auth: spec.components.securitySchemes.basicAuth,
  schemas,
});

// Not in the OpenAPI description: https://developer.atlassian.com/cloud/jira/platform/webhooks/ ("Example callback
// for an issue-related event", "Secure admin webhooks", "Webhook retry policy").
write('webhooks.json', {
  source: 'https://developer.atlassian.com/cloud/jira/platform/webhooks/',
  headers: {
    signature: 'X-Hub-Signature',
    signatureFormat: 'sha256=<HMAC-SHA256 hex of the raw body, keyed with the webhook secret>',
    delivery: 'X-Atlassian-Webhook-Identifier',
    retry: 'X-Atlassian-Webhook-Retry',
  },
  events: {
    'jira:issue_created': ['timestamp', 'webhookEvent', 'issue_event_type_name', 'user', 'issue'],
    'jira:issue_updated': ['timestamp', 'webhookEvent', 'issue_event_type_name', 'user', 'issue', 'changelog'],
    comment_created: ['timestamp', 'webhookEvent', 'comment', 'issue'],
  },
  changelog: ['id', 'items'],
});
console.log(`Wrote tests/fixtures/jira/ from ${version}.`);

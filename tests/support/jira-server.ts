// A local Jira Cloud for tests: the REST v3 routes Chorus calls (project, project statuses, create issue, get issue,
// transitions, add comment) answered with the shapes recorded from Atlassian's published OpenAPI description
// (tests/fixtures/jira, tools/record-jira-fixtures.mjs), issues kept in memory and moved only by the transitions the
// workflow offers, Basic auth (account email and API token) checked as Jira does; and webhook events built as
// Atlassian's webhooks page documents them (`jira:issue_updated` with its `changelog`, `comment_created`), signed
// as Jira signs an admin webhook saved with a secret (X-Hub-Signature: sha256=<HMAC-SHA256 hex of the raw body>).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hmacHex, type JsonAnswer, startJsonServer } from './tracker-server';

const FIXTURES = join(import.meta.dirname, '../fixtures/jira');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const PROJECT = fixture('project-get.json').response;
const STATUS_TYPES = fixture('project-statuses.json').response;
const ISSUE = fixture('issue-get.json').response;
const CREATED = fixture('issue-create.json');
const TRANSITIONS = fixture('transitions-get.json').response;
const COMMENT = fixture('comment-add.json');
const SCHEMAS = fixture('schemas.json').schemas;
const WEBHOOKS = fixture('webhooks.json');

type Json = Record<string, unknown>;
/** Jira's three built-in status categories (GET /rest/api/3/statuscategory on any site). */
const CATEGORIES = {
  new: { colorName: 'blue-gray', id: 2, key: 'new', name: 'To Do' },
  indeterminate: { colorName: 'yellow', id: 4, key: 'indeterminate', name: 'In Progress' },
  done: { colorName: 'green', id: 3, key: 'done', name: 'Done' },
};

export interface JiraStatus {
  id: string;
  name: string;
  category: keyof typeof CATEGORIES;
}

/** The workflow of the local project: the recorded example's "In Progress" (10000) and "Closed" (5), and two more. */
export const JIRA_STATUSES: JiraStatus[] = [
  { id: '10001', name: 'To Do', category: 'new' },
  { id: '10000', name: 'In Progress', category: 'indeterminate' },
  { id: '10002', name: 'In Review', category: 'indeterminate' },
  { id: '5', name: 'Closed', category: 'done' },
];

export interface JiraIssue {
  id: string;
  key: string;
  summary: string;
  description: unknown;
  status: JiraStatus;
  updated: string;
  comments: unknown[];
}

/** Jira's timestamps: "2021-01-18T23:45:00.000+0000". */
export const jiraTime = (at = new Date()) => at.toISOString().replace('Z', '+0000');

/** Whether `value` is an Atlassian Document Format document ({ type: 'doc', version: 1, content: [...] }). */
const isDoc = (value: unknown) => {
  const doc = value as { type?: unknown; version?: unknown; content?: unknown } | null;
  return doc?.type === 'doc' && doc.version === 1 && Array.isArray(doc.content);
};

function checkKeys(what: string, object: Json, schema: { properties: string[] }) {
  for (const key of Object.keys(object))
    if (!schema.properties.includes(key)) throw new Error(`${what} has ${key}, which Jira's ${what} does not`);
}

export async function startJiraServer({
  email,
  token,
  projectKey,
  site = 'https://acme.atlassian.net',
}: {
  email: string;
  token: string;
  projectKey: string;
  site?: string;
}) {
  const issues = new Map<string, JiraIssue>();
  let next = 1;
  const project = {
    ...PROJECT,
    id: '10000',
    key: projectKey,
    name: `${projectKey} project`,
    self: `${site}/rest/api/3/project/10000`,
  };
  const statusOf = (status: JiraStatus) => {
    const recorded = STATUS_TYPES[0].statuses.find((s: Json) => s.id === status.id) ?? STATUS_TYPES[0].statuses[0];
    const shaped = {
      ...recorded,
      id: status.id,
      name: status.name,
      self: `${site}/rest/api/3/status/${status.id}`,
      statusCategory: {
        ...CATEGORIES[status.category],
        self: `${site}/rest/api/3/statuscategory/${CATEGORIES[status.category].id}`,
      },
    };
    checkKeys('StatusDetails', shaped, SCHEMAS.StatusDetails);
    checkKeys('StatusCategory', shaped.statusCategory, SCHEMAS.StatusCategory);
    return shaped;
  };
  const bean = (issue: JiraIssue) => {
    const shaped = {
      ...structuredClone(ISSUE),
      id: issue.id,
      key: issue.key,
      self: `${site}/rest/api/3/issue/${issue.id}`,
      fields: {
        summary: issue.summary,
        description: issue.description,
        status: statusOf(issue.status),
        updated: issue.updated,
        project: { id: project.id, key: project.key, name: project.name, self: project.self },
        issuetype: { id: '3', name: 'Task', subtask: false },
      },
    };
    checkKeys('IssueBean', shaped, SCHEMAS.IssueBean);
    return shaped;
  };
  const newIssue = (summary: string, description: unknown = null): JiraIssue => {
    const number = next++;
    const issue = {
      id: String(10_000 + number),
      key: `${projectKey}-${number}`,
      summary,
      description,
      status: JIRA_STATUSES[0] as JiraStatus,
      updated: jiraTime(),
      comments: [],
    };
    issues.set(issue.id, issue);
    return issue;
  };
  const find = (idOrKey: string) =>
    issues.get(idOrKey) ?? [...issues.values()].find((issue) => issue.key === idOrKey.toUpperCase());
  const transitionsOf = (issue: JiraIssue) =>
    JIRA_STATUSES.filter((status) => status.id !== issue.status.id).map((status) => ({
      ...structuredClone(TRANSITIONS.transitions[0]),
      fields: {},
      hasScreen: false,
      id: String(11 + JIRA_STATUSES.indexOf(status) * 10),
      name: `Move to ${status.name}`,
      to: statusOf(status),
    }));
  const basic = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  const notFound: JsonAnswer = {
    status: 404,
    body: { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} },
  };
  const server = await startJsonServer((call, authorization) => {
    // Jira Cloud answers a wrong email or token with 401 and no detail.
    if (authorization !== basic)
      return { status: 401, body: { errorMessages: ['Client must be authenticated to access this resource.'] } };
    const path = call.path.split('?')[0] ?? '';
    if (call.method === 'GET' && path === `/rest/api/3/project/${projectKey}`) return { status: 200, body: project };
    if (call.method === 'GET' && path === `/rest/api/3/project/${projectKey}/statuses`) {
      return {
        status: 200,
        body: [{ ...STATUS_TYPES[0], statuses: JIRA_STATUSES.map(statusOf) }],
      };
    }
    if (path.startsWith('/rest/api/3/project/'))
      return {
        status: 404,
        body: { errorMessages: [`No project could be found with key '${path.split('/')[5]}'.`], errors: {} },
      };
    if (call.method === 'POST' && path === '/rest/api/3/issue') {
      const fields = (call.body as { fields?: Json } | null)?.fields ?? {};
      const errors: Record<string, string> = {};
      if ((fields.project as Json | undefined)?.key !== projectKey) errors.project = 'valid project is required';
      if (!['3', '1'].includes(String((fields.issuetype as Json | undefined)?.id)))
        errors.issuetype = 'valid issue type is required';
      if (typeof fields.summary !== 'string' || !fields.summary)
        errors.summary = 'You must specify a summary of the issue.';
      if (fields.description !== undefined && !isDoc(fields.description))
        errors.description = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
      if (Object.keys(errors).length > 0) return { status: 400, body: { errorMessages: [], errors } };
      const issue = newIssue(String(fields.summary), fields.description);
      return {
        status: CREATED.status,
        body: { ...CREATED.response, id: issue.id, key: issue.key, self: `${site}/rest/api/3/issue/${issue.id}` },
      };
    }
    const one = /^\/rest\/api\/3\/issue\/([^/]+)(\/transitions|\/comment)?$/.exec(path);
    const issue = one ? find(decodeURIComponent(one[1] ?? '')) : undefined;
    if (!one || !issue) return notFound;
    if (call.method === 'GET' && !one[2]) return { status: 200, body: bean(issue) };
    if (call.method === 'GET' && one[2] === '/transitions')
      return { status: 200, body: { transitions: transitionsOf(issue) } };
    if (call.method === 'POST' && one[2] === '/transitions') {
      const id = String((call.body as { transition?: { id?: unknown } } | null)?.transition?.id ?? '');
      const transition = transitionsOf(issue).find((t) => t.id === id);
      if (!transition)
        return {
          status: 400,
          body: { errorMessages: [`Transition id '${id}' is not valid for this issue.`], errors: {} },
        };
      issue.status = JIRA_STATUSES.find((s) => s.id === transition.to.id) as JiraStatus;
      issue.updated = jiraTime();
      return { status: 204, body: null };
    }
    if (call.method === 'POST' && one[2] === '/comment') {
      const body = (call.body as { body?: unknown } | null)?.body;
      if (!isDoc(body))
        return { status: 400, body: { errorMessages: [], errors: { comment: 'Comment body can not be empty!' } } };
      issue.comments.push(body);
      return {
        status: COMMENT.status,
        body: { ...COMMENT.response, body, id: String(20_000 + issue.comments.length) },
      };
    }
    return notFound;
  });
  const user = { ...structuredClone(COMMENT.response.author), accountType: 'atlassian' };
  checkKeys('UserDetails', user, SCHEMAS.UserDetails);
  return {
    ...server,
    issues,
    statuses: JIRA_STATUSES,
    /** An issue that exists before Chorus hears of it (for "link an existing issue"). */
    createIssue: (summary: string) => newIssue(summary),
    find,
    /** Moves an issue as a person on Jira would, and returns the `jira:issue_updated` event Jira then sends. */
    move(key: string, statusName: string, at = new Date()) {
      const issue = find(key);
      const status = JIRA_STATUSES.find((s) => s.name === statusName);
      if (!issue || !status) throw new Error(`no issue ${key} or status ${statusName}`);
      const from = issue.status;
      issue.status = status;
      issue.updated = jiraTime(at);
      const item = {
        field: 'status',
        fieldtype: 'jira',
        fieldId: 'status',
        from: from.id,
        fromString: from.name,
        to: status.id,
        toString: status.name,
      };
      checkKeys('ChangeDetails', item, SCHEMAS.ChangeDetails);
      return issueEvent('jira:issue_updated', {
        timestamp: at.getTime(),
        webhookEvent: 'jira:issue_updated',
        issue_event_type_name: 'issue_generic',
        user,
        issue: bean(issue),
        changelog: { id: String(Date.now()), items: [item] },
      });
    },
    /** The `comment_created` event Jira sends when a person comments on the issue. */
    comment(key: string, text: string, at = new Date()) {
      const issue = find(key);
      if (!issue) throw new Error(`no issue ${key}`);
      const comment = {
        ...structuredClone(COMMENT.response),
        body: { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        created: jiraTime(at),
        updated: jiraTime(at),
      };
      checkKeys('Comment', comment, SCHEMAS.Comment);
      return issueEvent('comment_created', {
        timestamp: at.getTime(),
        webhookEvent: 'comment_created',
        comment,
        issue: bean(issue),
      });
    },
  };
}

function issueEvent(name: string, payload: Json) {
  for (const field of WEBHOOKS.events[name]) if (!(field in payload)) throw new Error(`${name} lacks ${field}`);
  return structuredClone(payload); // the issue as it was when the event left, whatever happens next
}

/** Sends `payload` to `url` as Jira delivers an admin webhook saved with `secret`. */
export async function deliverJiraEvent(
  url: string,
  secret: string,
  payload: unknown,
  { deliveryId = randomUUID(), signature }: { deliveryId?: string; signature?: string } = {},
) {
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      [WEBHOOKS.headers.delivery]: deliveryId,
      [WEBHOOKS.headers.retry]: '0',
      [WEBHOOKS.headers.signature]: signature ?? `sha256=${await hmacHex(secret, body)}`,
    },
    body,
  });
  return { status: response.status, body: await response.json().catch(() => null), deliveryId };
}

// A local GitHub for tests: the REST routes Chorus calls (repos/get, issues/create, issues/get,
// issues/create-comment) answered with the shapes recorded from GitHub's published OpenAPI description
// (tests/fixtures/github, tools/record-github-fixtures.mjs), issues kept in memory, the token checked as
// GitHub does ("Bad credentials"); and webhook events signed exactly as GitHub signs them (X-Hub-Signature-256
// over the raw body, X-GitHub-Delivery, X-GitHub-Event, the headers the webhooks description lists).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hmacHex, type JsonAnswer, startJsonServer } from './tracker-server';

const FIXTURES = join(import.meta.dirname, '../fixtures/github');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const ISSUE = fixture('issues-get.json').response;
const CREATED = fixture('issues-create.json');
const COMMENT = fixture('issues-create-comment.json').response;
const REPOSITORY = fixture('repos-get.json').response;
const WEBHOOKS = fixture('webhooks.json');

export type GitHubIssue = Record<string, unknown> & { number: number; title: string; state: string };

export async function startGitHubServer({ token, repository }: { token: string; repository: string }) {
  const issues = new Map<number, GitHubIssue>();
  let next = 1;
  const [owner, name] = repository.split('/');
  const repo = { ...REPOSITORY, name, full_name: repository, owner: { ...REPOSITORY.owner, login: owner } };
  const newIssue = (title: string, body: string): GitHubIssue => {
    const number = next++;
    const { pull_request: _pr, ...issue } = structuredClone(ISSUE);
    const made = {
      ...issue,
      id: 1_000_000 + number,
      number,
      title,
      body,
      state: 'open',
      state_reason: null,
      closed_at: null,
      created_at: githubTime(),
      updated_at: githubTime(),
      html_url: `https://github.com/${repository}/issues/${number}`,
      url: `https://api.github.com/repos/${repository}/issues/${number}`,
      reactions: { total_count: 0 },
    };
    issues.set(number, made);
    return made;
  };
  const notFound: JsonAnswer = { status: 404, body: { message: 'Not Found', status: '404' } };
  const server = await startJsonServer((call, authorization) => {
    if (authorization !== `Bearer ${token}`)
      return { status: 401, body: { message: 'Bad credentials', status: '401' } };
    const base = `/repos/${repository}`;
    const path = call.path.split('?')[0] ?? '';
    if (!path.toLowerCase().startsWith(base.toLowerCase())) return notFound;
    const rest = path.slice(base.length);
    if (call.method === 'GET' && rest === '') return { status: 200, body: repo };
    if (call.method === 'POST' && rest === '/issues') {
      const body = call.body as { title?: unknown; body?: unknown };
      if (typeof body?.title !== 'string' || body.title === '')
        return {
          status: 422,
          body: { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] },
        };
      return { status: CREATED.status, body: newIssue(body.title, String(body.body ?? '')) };
    }
    const one = /^\/issues\/(\d+)(\/comments)?$/.exec(rest);
    const issue = one ? issues.get(Number(one[1])) : undefined;
    if (!one || !issue) return notFound;
    if (call.method === 'GET' && !one[2]) return { status: 200, body: issue };
    if (call.method === 'POST' && one[2]) {
      const body = (call.body as { body?: unknown })?.body;
      if (typeof body !== 'string' || body === '') return { status: 422, body: { message: 'Validation Failed' } };
      return { status: 201, body: { ...COMMENT, body, issue_url: issue.url } };
    }
    return notFound;
  });
  return {
    ...server,
    issues,
    repository: repo,
    /** An issue that exists before Chorus hears of it (for "link an existing issue"). */
    createIssue: (title: string) => newIssue(title, ''),
    /** Changes an issue as a person on GitHub would, and returns the `issues` event GitHub then sends. */
    change(
      number: number,
      action: 'closed' | 'reopened' | 'edited',
      reason: 'completed' | 'not_planned' = 'completed',
      at = new Date(),
    ) {
      const issue = issues.get(number);
      if (!issue) throw new Error(`no issue #${number}`);
      issue.updated_at = githubTime(at);
      if (action === 'closed')
        Object.assign(issue, { state: 'closed', state_reason: reason, closed_at: issue.updated_at });
      if (action === 'reopened') Object.assign(issue, { state: 'open', state_reason: 'reopened', closed_at: null });
      return issuesEvent(action, issue, repo);
    },
  };
}

/** GitHub's timestamps: RFC 3339 in UTC, to the second ("2011-04-22T13:33:48Z"). */
const githubTime = (at = new Date()) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** An `issues` event's payload, with every field GitHub's webhooks description requires for it. */
export function issuesEvent(action: string, current: GitHubIssue, repository: unknown) {
  const issue = structuredClone(current); // the issue as it was when the event left, whatever happens next
  const payload: Record<string, unknown> = { action, issue, repository, sender: issue.user };
  if (action === 'edited') payload.changes = { title: { from: issue.title } };
  const required = WEBHOOKS.events[action];
  for (const field of required.required) if (!(field in payload)) throw new Error(`issues.${action} lacks ${field}`);
  for (const field of required.issueRequired) if (!(field in issue)) throw new Error(`issue lacks ${field}`);
  return { event: 'issues', payload };
}

/** Sends `payload` to `url` as GitHub delivers a webhook: same headers, signed with `secret`. */
export async function deliverGitHubEvent(
  url: string,
  secret: string,
  { event, payload }: { event: string; payload: unknown },
  { deliveryId = randomUUID(), signature }: { deliveryId?: string; signature?: string } = {},
) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {};
  for (const header of WEBHOOKS.headers as { name: string; example: string }[]) headers[header.name] = header.example;
  Object.assign(headers, {
    'Content-Type': 'application/json',
    'X-GitHub-Event': event,
    'X-GitHub-Delivery': deliveryId,
    'X-Hub-Signature-256': signature ?? `sha256=${await hmacHex(secret, body)}`,
  });
  delete headers['X-Github-Event'];
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json().catch(() => null), deliveryId };
}

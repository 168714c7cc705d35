// A local Linear for tests: the GraphQL operations Chorus sends (a team's workflow states, issueCreate, issue by
// identifier, commentCreate) answered in the shapes of Linear's published GraphQL schema as @linear/sdk records
// it (tests/fixtures/linear/schema.json, tools/record-linear-fixtures.mjs), issues kept in memory, the API key
// checked; and Issue webhooks signed exactly as Linear signs them (Linear-Signature: HMAC-SHA256 hex of the raw
// body, Linear-Delivery, Linear-Event, webhookTimestamp in the body), every required field present.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hmacHex, startJsonServer } from './tracker-server';

type Fields = Record<string, { required: boolean; type: string }>;
const SCHEMA: { types: Record<string, Fields> } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/linear/schema.json'), 'utf8'),
);

/** A value of every required field of `type`, as placeholders of their GraphQL scalar, then `values`. */
function shaped(type: string, values: Record<string, unknown>): Record<string, unknown> {
  const fields = SCHEMA.types[type];
  if (!fields) throw new Error(`no recorded type ${type}`);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!field.required) continue;
    if (field.type.startsWith('[')) out[name] = [];
    else if (['Float', 'Int', 'Number'].includes(field.type)) out[name] = 0;
    else if (field.type === 'Boolean') out[name] = false;
    else if (['String', 'ID', 'DateTime', 'TimelessDate'].includes(field.type)) out[name] = '';
    else out[name] = {};
  }
  for (const key of Object.keys(values)) {
    if (!(key in fields)) throw new Error(`${type} has no field ${key} in Linear's schema`);
  }
  return { ...out, ...values };
}

export interface LinearState {
  id: string;
  name: string;
  type: 'backlog' | 'unstarted' | 'started' | 'completed' | 'canceled';
}
export interface LinearIssue {
  id: string;
  identifier: string;
  title: string;
  url: string;
  updatedAt: string;
  state: LinearState;
}

export const LINEAR_STATES: LinearState[] = [
  { id: 'a1f0c9e2-0000-4000-8000-000000000001', name: 'Backlog', type: 'backlog' },
  { id: 'a1f0c9e2-0000-4000-8000-000000000002', name: 'Todo', type: 'unstarted' },
  { id: 'a1f0c9e2-0000-4000-8000-000000000003', name: 'In Progress', type: 'started' },
  { id: 'a1f0c9e2-0000-4000-8000-000000000004', name: 'Done', type: 'completed' },
  { id: 'a1f0c9e2-0000-4000-8000-000000000005', name: 'Canceled', type: 'canceled' },
];

export async function startLinearServer({
  apiKey,
  teamId,
  teamKey,
}: {
  apiKey: string;
  teamId: string;
  teamKey: string;
}) {
  const issues = new Map<string, LinearIssue>();
  const team = { id: teamId, key: teamKey, name: `${teamKey} team` };
  let next = 1;
  const newIssue = (title: string): LinearIssue => {
    const number = next++;
    const issue = {
      id: randomUUID(),
      identifier: `${teamKey}-${number}`,
      title,
      url: `https://linear.app/acme/issue/${teamKey}-${number}/${title.toLowerCase().replace(/\W+/g, '-').slice(0, 40)}`,
      updatedAt: new Date().toISOString(),
      state: LINEAR_STATES[1] as LinearState,
    };
    issues.set(issue.id, issue);
    return issue;
  };
  const asIssue = (issue: LinearIssue) => ({ ...issue, team: { id: teamId } });
  const error = (message: string) => ({
    status: 200,
    body: { data: null, errors: [{ message, extensions: { type: 'invalid input' } }] },
  });
  const server = await startJsonServer((call, authorization) => {
    if (call.method !== 'POST' || call.path !== '/graphql') return { status: 404, body: { message: 'Not found' } };
    if (authorization !== apiKey)
      return { status: 401, body: { errors: [{ message: 'Authentication required, not authenticated' }] } };
    const { query, variables } = call.body as { query: string; variables: Record<string, any> };
    if (/^\s*query TeamStates/.test(query)) {
      if (variables.id !== teamId) return error('Entity not found: Team');
      const nodes = LINEAR_STATES.map((s, position) => shaped('WorkflowState', { ...s, position, color: '#888888' }));
      return { status: 200, body: { data: { team: { ...team, states: { nodes } } } } };
    }
    if (/^\s*mutation IssueCreate/.test(query)) {
      const input = shaped('IssueCreateInput', variables.input ?? {});
      if (input.teamId !== teamId) return error('Entity not found: Team');
      if (!input.title) return error('Argument Validation Error: title should not be empty');
      const issue = newIssue(String(input.title));
      return { status: 200, body: { data: { issueCreate: { success: true, lastSyncId: 1, issue: asIssue(issue) } } } };
    }
    if (/^\s*query Issue\b/.test(query)) {
      const found = [...issues.values()].find((i) => i.identifier === variables.id || i.id === variables.id);
      return found ? { status: 200, body: { data: { issue: asIssue(found) } } } : error('Entity not found: Issue');
    }
    if (/^\s*mutation CommentCreate/.test(query)) {
      const input = shaped('CommentCreateInput', variables.input ?? {});
      if (!issues.has(String(input.issueId))) return error('Entity not found: Issue');
      if (!input.body) return error('Argument Validation Error: body should not be empty');
      return {
        status: 200,
        body: { data: { commentCreate: { success: true, lastSyncId: 2, comment: { id: randomUUID() } } } },
      };
    }
    return error('Cannot query this operation');
  });
  return {
    ...server,
    url: `${server.url}/graphql`,
    issues,
    team,
    createIssue: newIssue,
    /** Moves an issue to `stateName` as a person in Linear would, and returns the Issue webhook Linear sends. */
    move(identifier: string, stateName: string, at = new Date()) {
      const issue = [...issues.values()].find((i) => i.identifier === identifier);
      const state = LINEAR_STATES.find((s) => s.name === stateName);
      if (!issue || !state) throw new Error(`no ${identifier} or ${stateName}`);
      const from = issue.state;
      const updatedFrom = { stateId: from.id, updatedAt: issue.updatedAt };
      Object.assign(issue, { state, updatedAt: at.toISOString() });
      return issueWebhook(issue, team, updatedFrom);
    },
  };
}

/** The payload of an Issue "update" webhook, with every field Linear's schema requires. */
export function issueWebhook(issue: LinearIssue, team: { id: string; key: string; name: string }, updatedFrom: object) {
  const now = new Date().toISOString();
  const data = shaped('IssueWebhookPayload', {
    id: issue.id,
    identifier: issue.identifier,
    title: issue.title,
    url: issue.url,
    number: Number(issue.identifier.split('-')[1]),
    createdAt: now,
    updatedAt: issue.updatedAt,
    stateId: issue.state.id,
    state: shaped('WorkflowStateChildWebhookPayload', { ...issue.state, color: '#888888' }),
    teamId: team.id,
    team: shaped('TeamChildWebhookPayload', team),
  });
  return shaped('EntityWebhookPayload', {
    action: 'update',
    type: 'Issue',
    createdAt: now,
    data,
    updatedFrom,
    url: issue.url,
    organizationId: '0b4e8b1a-0000-4000-8000-00000000c0de',
    webhookId: '7c1e2d3f-0000-4000-8000-0000000000aa',
    webhookTimestamp: Date.now(),
  });
}

/** Sends `payload` to `url` as Linear delivers a webhook, signed with `secret`. */
export async function deliverLinearEvent(
  url: string,
  secret: string,
  payload: Record<string, unknown>,
  { deliveryId = randomUUID(), signature }: { deliveryId?: string; signature?: string } = {},
) {
  const body = JSON.stringify(payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Linear-Webhook',
      'Linear-Delivery': deliveryId,
      'Linear-Event': String(payload.type),
      'Linear-Signature': signature ?? (await hmacHex(secret, body)),
    },
    body,
  });
  return { status: response.status, body: await response.json().catch(() => null), deliveryId };
}

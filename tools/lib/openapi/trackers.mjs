// OpenAPI descriptions of the issue tracker routes (pb_hooks/trackers/trackers.pb.js, tracker-connections.pb.js; issues #26, #39).
const json = (schema) => ({ 'application/json': { schema } });
const ok = (schema, description = 'OK') => ({ description, content: json(schema) });
const err = { $ref: '#/components/responses/Error' };
const connection = { name: 'connection', in: 'path', required: true, schema: { type: 'string' } };
const body = (properties, required) => ({ required: true, content: json({ type: 'object', properties, required }) });
const LINK = {
  type: 'object',
  description: 'a tracker_links record',
  properties: {
    id: { type: 'string' },
    connection: { type: 'string' },
    post: { type: 'string' },
    issue_id: { type: 'string' },
    issue_key: { type: 'string', description: '"#12" (GitHub), "ENG-12" (Linear, Jira)' },
    url: { type: 'string' },
    title: { type: 'string' },
    state: { type: 'string', description: 'a key of the connection’s states' },
  },
};
const STATES = {
  type: 'object',
  properties: {
    states: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          key: { type: 'string' },
          name: { type: 'string' },
          category: { type: 'boolean', description: 'Jira: a catch-all for every status of a status category' },
        },
      },
    },
  },
};
const tracker = '502 when the tracker refuses the token or does not answer (nothing is changed).';

export const TRACKER_ROUTES = {
  '/api/chorus/trackers/{connection}/issues': {
    post: {
      tags: ['chorus'],
      operationId: 'createTrackerIssue',
      summary: 'Staff: create an issue from an idea in the connected repository, team or project, and link it',
      description: `The issue gets the idea’s title, its text and a link back. Audited. ${tracker}`,
      parameters: [connection],
      requestBody: body({ post: { type: 'string' } }, ['post']),
      responses: { 200: ok(LINK), 400: err, 401: err, 403: err, 404: err, 429: err, 502: err },
    },
  },
  '/api/chorus/trackers/{connection}/links': {
    post: {
      tags: ['chorus'],
      operationId: 'linkTrackerIssue',
      summary: 'Staff: link an existing issue to an idea (several ideas may link to one issue)',
      description: `issue: "12", "#12", "ENG-12" or the issue’s address (Jira: https://<site>/browse/ENG-12). Audited. ${tracker}`,
      parameters: [connection],
      requestBody: body({ post: { type: 'string' }, issue: { type: 'string', maxLength: 300 } }, ['post', 'issue']),
      responses: { 200: ok(LINK), 400: err, 401: err, 403: err, 404: err, 429: err, 502: err },
    },
  },
  '/api/chorus/trackers/links/{id}': {
    delete: {
      tags: ['chorus'],
      operationId: 'unlinkTrackerIssue',
      summary: 'Staff: remove a link between an idea and an issue (audited)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 204: { description: 'Unlinked' }, 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/trackers/{connection}/states': {
    get: {
      tags: ['chorus'],
      operationId: 'trackerStates',
      summary: 'Admins: ask the tracker for its states (stored on the connection for mapping to statuses)',
      description: tracker,
      parameters: [connection],
      responses: { 200: ok(STATES), 401: err, 403: err, 404: err, 502: err },
    },
  },
  '/api/chorus/trackers/{connection}/credentials': {
    post: {
      tags: ['chorus'],
      operationId: 'setTrackerCredentials',
      summary:
        'Admins: paste a connection’s API token, Jira account email and/or webhook signing secret (never shown again; audited)',
      parameters: [connection],
      requestBody: body({
        token: { type: 'string', maxLength: 500 },
        account_email: {
          type: 'string',
          maxLength: 200,
          description: 'Jira: the Atlassian account the API token belongs to (Basic auth)',
        },
        webhook_secret: { type: 'string', maxLength: 200 },
      }),
      responses: {
        200: ok({ type: 'object', properties: { changed: { type: 'array', items: { type: 'string' } } } }),
        400: err,
        401: err,
        403: err,
        404: err,
      },
    },
  },
  '/api/chorus/trackers/secret': {
    post: {
      tags: ['chorus'],
      operationId: 'trackerWebhookSecret',
      summary:
        'Site Worker only (a proof signed with a key derived from CHORUS_PROXY_SECRET): a connection’s webhook secret',
      'x-chorus-scope': 'worker',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: {
        200: ok({ type: 'object', properties: { secret: { type: 'string' } } }),
        401: err,
        404: err,
        503: err,
      },
    },
  },
  '/api/chorus/trackers/events': {
    post: {
      tags: ['chorus'],
      operationId: 'queueTrackerEvent',
      summary:
        'Site Worker only (signed proof binding the payload’s SHA-256): queue a verified tracker event once per delivery id',
      'x-chorus-scope': 'worker',
      requestBody: body(
        { proof: { type: 'string' }, payload: { type: 'string', description: 'the event’s raw JSON' } },
        ['proof', 'payload'],
      ),
      responses: {
        200: ok({ type: 'object', properties: { duplicate: { type: 'boolean' } } }),
        400: err,
        401: err,
        404: err,
      },
    },
  },
};

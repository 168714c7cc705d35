// OpenAPI descriptions of Chorus's own routes (pb_hooks/<concept>/*.pb.js routerAdd, and the few Go adds in
// server/cmd/pocketbase), which no schema can tell:
// kept next to the generator and checked against the hooks by tests/integration/operations/openapi.test.ts.
const json = (schema) => ({ 'application/json': { schema } });
const ok = (schema, description = 'OK') => ({ description, content: json(schema) });
const err = { $ref: '#/components/responses/Error' };
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const body = (properties, required) => ({ required: true, content: json({ type: 'object', properties, required }) });
const record = (name) => ({ $ref: `#/components/schemas/${name}` });
const FREQUENCY = { type: 'string', enum: ['instant', 'daily', 'weekly', 'off'] };
const PREFERENCES = {
  type: 'object',
  properties: {
    ...Object.fromEntries(
      ['email_on_comment', 'email_on_status', 'email_on_release'].map((name) => [name, { type: 'boolean' }]),
    ),
    ...Object.fromEntries(['comment_emails', 'status_emails', 'release_emails'].map((name) => [name, FREQUENCY])),
    time_zone: { type: 'string', description: 'IANA time zone for digests (UTC by default)' },
  },
};

const POINTS = {
  type: 'object',
  properties: { hint: { type: 'number' }, floor: { type: 'number' }, alone: { type: 'number' } },
};
const PRECISION_RECALL = {
  type: 'object',
  properties: { precision: { type: 'number' }, recall: { type: 'number' } },
};
const FIGURES = { ...POINTS, properties: { ...POINTS.properties, hints: PRECISION_RECALL, queue: PRECISION_RECALL } };
const CALIBRATION_RUN = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    state: { type: 'string', enum: ['running', 'done', 'failed'] },
    embedded: { type: 'integer' },
    total: { type: 'integer' },
    ...POINTS.properties,
    before: FIGURES,
    after: FIGURES,
    measured: { type: 'object' },
    error: { type: 'string' },
    by: { type: 'string' },
    created: { type: 'string' },
    updated: { type: 'string' },
  },
};

export const ROUTES = {
  '/api/chorus/audience/token': {
    post: {
      tags: ['chorus'],
      operationId: 'audiencePrincipalToken',
      summary:
        'Site Worker only (a proof signed with a key derived from CHORUS_PROXY_SECRET, naming the audience: `member`, or `segment:<id>` for a segment with a board of its own): that audience’s principal’s token, to render its cached pages',
      'x-chorus-scope': 'worker',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: {
        200: ok({ type: 'object', properties: { token: { type: 'string' } } }),
        401: err,
        404: err,
        429: err,
        503: err,
      },
    },
  },
  '/api/chorus/search': {
    get: {
      tags: ['chorus'],
      operationId: 'search',
      summary: 'Full-text search over the ideas the caller may see',
      description:
        'Up to 1,000 matches: best first (BM25, a title match worth ten body matches, then votes, then newest). More (a broad search, `totalCapped`): the most voted band first (1,000+, 100+, 10+ votes, fewer), newest first within it; the count stops at 1,000.',
      parameters: [
        { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'board', in: 'query', schema: { type: 'string' } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
      ],
      responses: {
        200: ok({
          type: 'object',
          properties: {
            page: { type: 'integer' },
            perPage: { type: 'integer' },
            totalItems: { type: 'integer', description: 'how many match, counted up to 1,000' },
            totalPages: { type: 'integer' },
            totalCapped: { type: 'boolean', description: 'more than 1,000 match (a broad search)' },
            items: { type: 'array', items: { type: 'object', description: 'posts records' } },
          },
        }),
        400: err,
      },
    },
  },
  '/api/chorus/similar': {
    get: {
      tags: ['chorus'],
      operationId: 'similar',
      summary:
        'Up to 5 ideas the caller may see that are like a title being typed: words (search’s index) fused with meaning where an AI provider is configured',
      parameters: [
        { name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 300 } },
        { name: 'board', in: 'query', schema: { type: 'string' } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 5, default: 3 } },
        { name: 'exclude', in: 'query', schema: { type: 'string' }, description: 'an idea to leave out (its own id)' },
      ],
      responses: {
        200: ok({
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  title: { type: 'string' },
                  vote_count: { type: 'integer' },
                  status: { type: 'string' },
                  score: { type: 'number' },
                  via: { type: 'string', enum: ['words', 'meaning', 'both'] },
                },
              },
            },
          },
        }),
      },
    },
  },
  '/api/chorus/ai/status': {
    get: {
      tags: ['chorus'],
      operationId: 'aiStatus',
      summary:
        'Staff: the AI provider and how far its indexing of the ideas got (vectors of the current model, stale, total)',
      responses: {
        200: ok({
          type: 'object',
          properties: {
            configured: { type: 'boolean' },
            model: { type: 'string' },
            dims: { type: 'integer' },
            indexed: { type: 'integer' },
            total: { type: 'integer' },
            stale: { type: 'integer' },
            lastError: { type: 'string' },
          },
        }),
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/ai/chat': {
    get: {
      tags: ['chorus'],
      operationId: 'aiChat',
      summary:
        'Admins: the optional chat model as the site runs it (none unless CHORUS_AI_CHAT_MODEL names one) and its calls this hour against the cap; never its address or key',
      responses: {
        200: ok({
          type: 'object',
          properties: {
            configured: { type: 'boolean' },
            model: { type: 'string' },
            callsThisHour: { type: 'integer' },
            callsPerHour: { type: 'integer' },
          },
        }),
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/ai/calibrations': {
    post: {
      tags: ['chorus'],
      operationId: 'aiCalibrate',
      summary:
        'Admins: calibrate the AI model in use on the labelled pairs, in the background (one at a time, 5 a day)',
      description:
        'Queues a run that embeds every labelled pair through the site’s provider and derives the points of the hints and the merge queue; answers the run (state running) at once. Poll GET /api/chorus/ai/calibrations/current. 400 without a provider, 409 while a run is under way, 429 past the day’s runs.',
      responses: { 202: ok(CALIBRATION_RUN, 'Queued'), 400: err, 401: err, 403: err, 409: err, 429: err },
    },
  },
  '/api/chorus/ai/calibrations/current': {
    get: {
      tags: ['chorus'],
      operationId: 'aiCalibration',
      summary: 'Admins: the points in use for the AI model, where they come from, and its newest calibration run',
      responses: {
        200: ok({
          type: 'object',
          properties: {
            configured: { type: 'boolean' },
            provider: { type: 'string' },
            model: { type: 'string' },
            points: POINTS,
            source: { type: 'string', enum: ['site', 'shipped', 'strict', ''] },
            runsLeft: { type: 'integer' },
            latest: { oneOf: [CALIBRATION_RUN, { type: 'null' }] },
          },
        }),
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/idea-cards': {
    get: {
      tags: ['chorus'],
      operationId: 'ideaCards',
      summary:
        'A page of the ideas the caller may list, as cards: the posts records API’s filter, sort and paging under its list rule, with only the fields a card shows and no total (API keys use the records API)',
      parameters: [
        { name: 'filter', in: 'query', schema: { type: 'string' } },
        { name: 'sort', in: 'query', schema: { type: 'string' } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 30 } },
      ],
      responses: {
        200: ok({
          type: 'object',
          required: ['page', 'perPage', 'items'],
          properties: {
            page: { type: 'integer' },
            perPage: { type: 'integer' },
            items: {
              type: 'array',
              description:
                'Each idea’s id, board, author (id, name, avatar), title, body, status, vote_count, comment_count, trending_score, pinned, locked, approved, merged_into, eta, created and updated, as the records API answers them',
              items: { type: 'object' },
            },
          },
        }),
        400: err,
        403: err,
      },
    },
  },
  '/api/chorus/session': {
    get: {
      tags: ['chorus'],
      operationId: 'session',
      summary:
        'The signed-in member’s session check (the site asks it once a page view): their record as the site shows them, and the shell’s version and their audience in `meta`; the token is verified, never renewed (the auth refresh does that)',
      responses: {
        200: ok({
          type: 'object',
          required: ['record', 'meta'],
          properties: {
            record: {
              type: 'object',
              description:
                'collectionId, collectionName, id, email, name, avatar, avatar_url, role, locale, verified and blocked, as the member’s own record has them',
            },
            meta: {
              type: 'object',
              properties: { shell_version: { type: 'string' }, audience: { type: 'string' } },
            },
          },
        }),
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/shell-version': {
    get: {
      tags: ['chorus'],
      operationId: 'shellVersion',
      summary:
        'The shell’s version, the same to anyone (a visitor’s page render asks it): new after every write to the site, a status, a board, a tag or a custom field',
      responses: {
        200: ok({
          type: 'object',
          required: ['shell_version'],
          properties: { shell_version: { type: 'string' } },
        }),
      },
    },
  },
  '/api/chorus/idea-insights': {
    get: {
      tags: ['chorus'],
      operationId: 'ideaInsights',
      summary:
        'Staff: the score and revenue of the ideas named (comma-separated ids, at most 100), under post_insights’ list rule',
      parameters: [{ name: 'ids', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        200: ok({
          type: 'object',
          required: ['items'],
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'score', 'revenue'],
                properties: { id: { type: 'string' }, score: { type: 'number' }, revenue: { type: 'number' } },
              },
            },
          },
        }),
        403: err,
      },
    },
  },
  '/api/chorus/posts/{id}/voters': {
    get: {
      tags: ['chorus'],
      operationId: 'voters',
      summary: 'Names and avatars of an idea’s voters (never emails), oldest vote first',
      parameters: [
        ...id,
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
      ],
      responses: {
        200: ok({
          type: 'object',
          required: ['page', 'perPage', 'totalItems', 'items'],
          properties: {
            page: { type: 'integer' },
            perPage: { type: 'integer' },
            totalItems: { type: 'integer', description: 'The idea’s votes that count' },
            items: { type: 'array', items: { type: 'object' } },
          },
        }),
        404: err,
      },
    },
  },
  '/api/chorus/posts/{id}/page': {
    get: {
      tags: ['chorus'],
      operationId: 'ideaPage',
      summary:
        'Everything an idea page reads, in one request: the idea as the records API views it (with `expand`), the first page of its voters, the caller’s own state, and the first page of its comments',
      parameters: [
        ...id,
        {
          name: 'expand',
          in: 'query',
          description: 'As the records API takes it; each related record under its own view rule',
          schema: { type: 'string' },
        },
        { name: 'comments', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
        { name: 'voters', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
      ],
      responses: {
        200: ok({
          type: 'object',
          required: ['idea', 'voters', 'mine', 'comments'],
          properties: {
            idea: record('PostsRecord'),
            voters: {
              type: 'object',
              description: 'The voters route’s first page',
              properties: {
                page: { type: 'integer' },
                perPage: { type: 'integer' },
                totalItems: { type: 'integer' },
                items: { type: 'array', items: { type: 'object' } },
              },
            },
            mine: {
              description:
                'The signed-in caller’s own vote and follow ids (null: none) and the newest question staff sent them about the idea that they have not answered (members only); null signed out',
              oneOf: [
                {
                  type: 'object',
                  required: ['vote', 'subscription', 'question'],
                  properties: {
                    vote: { type: ['string', 'null'] },
                    subscription: { type: ['string', 'null'] },
                    question: { oneOf: [{ $ref: '#/components/schemas/IdeaQuestionsRecord' }, { type: 'null' }] },
                  },
                },
                { type: 'null' },
              ],
            },
            comments: {
              type: 'object',
              description: 'The comments route’s first page (`items`, `next`, `newest`)',
              properties: { items: { type: 'array', items: { $ref: '#/components/schemas/CommentsRecord' } } },
            },
          },
        }),
        404: err,
        429: err,
      },
    },
  },
  '/api/chorus/own-votes': {
    get: {
      tags: ['chorus'],
      operationId: 'ownVotes',
      summary:
        'The signed-in member’s own votes on the ideas named (an idea a page shows after its session refresh brought the others’)',
      parameters: [
        {
          name: 'posts',
          in: 'query',
          description: 'Ideas’ ids, comma-separated: the first 100 are read, anything not an idea’s id is left out',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: ok({
          type: 'object',
          required: ['posts', 'votes'],
          properties: {
            posts: { type: 'array', items: { type: 'string' }, description: 'The ideas read (the others: not asked)' },
            votes: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'post', 'counted'],
                properties: { id: { type: 'string' }, post: { type: 'string' }, counted: { type: 'boolean' } },
              },
            },
          },
        }),
        401: err,
        429: err,
      },
    },
  },
  '/api/chorus/posts/{id}/comments': {
    get: {
      tags: ['chorus'],
      operationId: 'comments',
      summary: 'An idea’s comments the caller may see, oldest first, a page at a time (pass `next` back as `after`)',
      parameters: [
        ...id,
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
        { name: 'after', in: 'query', schema: { type: 'string' } },
      ],
      responses: {
        200: ok({
          type: 'object',
          required: ['items', 'next'],
          properties: {
            items: { type: 'array', items: { $ref: '#/components/schemas/CommentsRecord' } },
            next: { type: ['string', 'null'], description: 'Where the next page starts; null on the last page' },
            newest: {
              type: ['string', 'null'],
              description:
                'First page only: the cursor after the newest comment the caller may see (null: none); pass it as `after` later for what came since',
            },
          },
        }),
        400: err,
        404: err,
      },
    },
  },
  '/api/chorus/posts/{id}/mentionable': {
    get: {
      tags: ['chorus'],
      operationId: 'mentionable',
      summary: 'Signed in: up to 8 people who may see the idea, to mention in a comment (ids, names, avatars)',
      parameters: [
        ...id,
        { name: 'q', in: 'query', schema: { type: 'string', maxLength: 50 } },
        { name: 'internal', in: 'query', schema: { type: 'string', enum: ['1'] } },
      ],
      responses: { 200: ok({ type: 'object' }), 401: err, 404: err, 429: err },
    },
  },
  '/api/chorus/posts/{id}/merge': {
    post: {
      tags: ['chorus'],
      operationId: 'merge',
      summary: 'Staff: merge a duplicate idea into another (votes and followers move)',
      parameters: id,
      requestBody: body({ into: { type: 'string' } }, ['into']),
      responses: {
        200: ok({ type: 'object', properties: { duplicate: record('PostsRecord'), target: record('PostsRecord') } }),
        400: err,
        403: err,
      },
    },
  },
  '/api/chorus/duplicates': {
    get: {
      tags: ['chorus'],
      operationId: 'duplicates',
      summary:
        'Staff: suggested duplicate pairs in a state (open by default), best score first, with why and the scores',
      parameters: [
        { name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'merged', 'dismissed', 'closed'] } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
      ],
      responses: { 200: ok({ type: 'object' }), 401: err, 403: err },
    },
  },
  '/api/chorus/duplicates/{id}/merge': {
    post: {
      tags: ['chorus'],
      operationId: 'mergeDuplicate',
      summary:
        'Staff: merge a suggested pair: the newer idea into the older (into: candidate) or the other way (into: post)',
      parameters: id,
      requestBody: body({ into: { type: 'string', enum: ['candidate', 'post'] } }, []),
      responses: {
        200: ok({ type: 'object', properties: { duplicate: record('PostsRecord'), target: record('PostsRecord') } }),
        400: err,
        403: err,
        404: err,
      },
    },
  },
  '/api/chorus/duplicates/{id}/dismiss': {
    post: {
      tags: ['chorus'],
      operationId: 'dismissDuplicate',
      summary: 'Staff: dismiss a suggested pair; it is never suggested again',
      parameters: id,
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err, 404: err },
    },
  },
  '/api/chorus/posts/{id}/ask': {
    post: {
      tags: ['chorus'],
      operationId: 'askVoters',
      summary: 'Staff: ask an idea’s voters and followers one question (one per idea an hour)',
      parameters: id,
      requestBody: body({ body: { type: 'string', maxLength: 500 } }, ['body']),
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err, 404: err, 429: err },
    },
  },
  '/api/chorus/posts/{id}/vote-on-behalf': {
    post: {
      tags: ['chorus'],
      operationId: 'voteOnBehalf',
      summary: 'Staff: record a customer’s vote by email',
      parameters: id,
      requestBody: body({ email: { type: 'string', format: 'email' }, name: { type: 'string' } }, ['email']),
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err },
    },
  },
  '/api/chorus/notifications/read-all': {
    post: {
      tags: ['chorus'],
      operationId: 'readAllNotifications',
      summary: 'Members: mark all of one’s notifications read',
      responses: { 200: ok({ type: 'object' }), 401: err },
    },
  },
  '/api/chorus/preferences': {
    get: {
      tags: ['chorus'],
      operationId: 'getPreferences',
      summary: 'Members: one’s own email preferences (hidden fields, in no record response)',
      responses: { 200: ok(PREFERENCES), 401: err, 403: err },
    },
    post: {
      tags: ['chorus'],
      operationId: 'setPreferences',
      summary: 'Active members: change one’s own email preferences',
      requestBody: { required: true, content: json(PREFERENCES) },
      responses: { 200: ok(PREFERENCES), 400: err, 401: err, 403: err },
    },
  },
  '/api/chorus/sso': {
    post: {
      tags: ['chorus'],
      operationId: 'singleSignOn',
      summary: 'Sign in with an identify token (HS256 JWT signed by the team’s server); answers a session',
      requestBody: body({ token: { type: 'string' } }, ['token']),
      responses: {
        200: ok({ type: 'object', properties: { token: { type: 'string' }, record: record('UsersRecord') } }),
        400: err,
        403: err,
      },
    },
  },
  '/api/chorus/unsubscribe': {
    post: {
      tags: ['chorus'],
      operationId: 'unsubscribe',
      summary:
        'Turn off one kind of email with the token from an email (in the body, or ?token= for RFC 8058 one-click)',
      parameters: [{ name: 'token', in: 'query', schema: { type: 'string' } }],
      requestBody: { content: json({ type: 'object', properties: { token: { type: 'string' } } }) },
      responses: { 200: ok({ type: 'object' }), 400: err },
    },
  },
  '/api/chorus/digests/run': {
    post: {
      tags: ['chorus'],
      operationId: 'runDigests',
      summary: 'Superusers: run the daily/weekly digest job as if it were `now` (default: the present)',
      requestBody: { content: json({ type: 'object', properties: { now: { type: 'string', format: 'date-time' } } }) },
      responses: {
        200: ok({ type: 'object', properties: { sent: { type: 'integer' }, checked: { type: 'integer' } } }),
        400: err,
        401: err,
      },
    },
  },
  '/api/chorus/export/posts.csv': {
    get: {
      tags: ['chorus'],
      operationId: 'exportPosts',
      summary: 'Admins: every idea with its counts, as CSV',
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, 403: err },
    },
  },
  '/api/chorus/import/dates': {
    post: {
      tags: ['chorus'],
      operationId: 'importDates',
      summary: 'Superusers: set the created date of imported ideas and comments',
      requestBody: body(
        {
          items: {
            type: 'array',
            maxItems: 1000,
            items: {
              type: 'object',
              properties: {
                collection: { type: 'string', enum: ['posts', 'comments', 'changelog_entries'] },
                id: { type: 'string' },
                created: { type: 'string', format: 'date-time' },
              },
              required: ['collection', 'id', 'created'],
            },
          },
        },
        ['items'],
      ),
      responses: {
        200: ok({ type: 'object', properties: { updated: { type: 'integer' } } }),
        400: err,
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/webhooks/{id}/secret': {
    post: {
      tags: ['webhooks'],
      operationId: 'rotateWebhookSecret',
      summary: 'Admins: a new signing secret for an endpoint, shown in this answer only',
      parameters: id,
      responses: {
        200: ok({ type: 'object', properties: { secret: { type: 'string', pattern: '^whsec_' } } }),
        403: err,
        404: err,
      },
    },
  },
  '/api/chorus/webhooks/deliveries/{id}/resend': {
    post: {
      tags: ['webhooks'],
      operationId: 'resendWebhookDelivery',
      summary: 'Admins: send a recorded delivery again (same webhook-id)',
      parameters: id,
      responses: { 200: ok(record('WebhookDeliveriesRecord')), 403: err, 404: err },
    },
  },
  '/api/chorus/segment-votes': {
    get: {
      tags: ['chorus'],
      operationId: 'segmentVotes',
      summary: 'Staff: how many of each idea’s votes come from a segment’s members',
      parameters: [
        { name: 'segment', in: 'query', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{15}$' } },
        {
          name: 'posts',
          in: 'query',
          required: true,
          description: 'Up to 300 idea ids, comma-separated',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: ok({ type: 'object', additionalProperties: { type: 'integer', minimum: 1 } }),
        400: err,
        403: err,
      },
    },
  },
  '/api/chorus/companies/import': {
    post: {
      tags: ['chorus'],
      operationId: 'importCompanies',
      summary: 'Admins: upsert companies from CSV (id,name,plan,monthly_revenue; ≤ 5,000 rows, ≤ 1 MB), all or nothing',
      requestBody: body({ csv: { type: 'string', maxLength: 1048576 } }, ['csv']),
      responses: {
        200: ok({
          type: 'object',
          properties: { created: { type: 'integer' }, updated: { type: 'integer' }, unchanged: { type: 'integer' } },
        }),
        400: err,
        401: err,
        403: err,
        413: err,
      },
    },
  },
  '/api/chorus/changelog/subscribe': {
    post: {
      tags: ['chorus'],
      operationId: 'subscribeToChangelog',
      summary:
        'Anyone: ask for release emails (a confirmation email is queued); the same answer whatever the address’s state',
      requestBody: body({ email: { type: 'string', maxLength: 254 }, locale: { type: 'string' } }, ['email']),
      responses: { 202: ok({ type: 'object' }), 400: err, 429: err },
    },
  },
  '/api/chorus/changelog/confirm': {
    post: {
      tags: ['chorus'],
      operationId: 'confirmChangelogEmails',
      summary: 'Confirm release emails with the token from the confirmation email',
      requestBody: body({ token: { type: 'string' } }, ['token']),
      responses: { 200: ok({ type: 'object' }), 400: err },
    },
  },
  '/api/chorus/changelog/unsubscribe': {
    post: {
      tags: ['chorus'],
      operationId: 'unsubscribeFromChangelog',
      summary: 'Stop release emails with the token from a release email (no sign-in)',
      requestBody: body({ token: { type: 'string' } }, ['token']),
      responses: { 200: ok({ type: 'object' }), 400: err },
    },
  },
  '/api/chorus/changelog/subscribers/count': {
    get: {
      tags: ['chorus'],
      operationId: 'countChangelogSubscribers',
      summary: 'Staff: how many confirmed addresses get release emails (never the addresses)',
      responses: {
        200: ok({ type: 'object', properties: { confirmed: { type: 'integer' } } }),
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/audit/export.csv': {
    get: {
      tags: ['chorus'],
      operationId: 'exportAudit',
      summary: 'Admins: the staff audit log as CSV, newest first, filtered like /admin/audit (the export is recorded)',
      parameters: ['actor', 'action', 'target', 'from', 'to'].map((name) => ({
        name,
        in: 'query',
        required: false,
        schema: { type: 'string', ...(name === 'from' || name === 'to' ? { format: 'date' } : {}) },
      })),
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/insights-report': {
    get: {
      tags: ['chorus'],
      operationId: 'insightsReport',
      summary:
        'Staff: ideas, votes, comments, active voters and searches that found nothing per week; time to first staff response and to done; the status funnel; duplicate and spam rates; top ideas by votes and revenue (in a segment)',
      parameters: [
        { name: 'weeks', in: 'query', required: false, schema: { type: 'integer', enum: [12, 26] } },
        { name: 'segment', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: { 200: ok({ type: 'object' }), 401: err, 403: err },
    },
  },
  '/api/chorus/insights-report.csv': {
    get: {
      tags: ['chorus'],
      operationId: 'insightsReportCsv',
      summary: 'Staff: the numbers behind one insight chart (or all) as CSV: chart,key,label,value',
      parameters: [
        { name: 'weeks', in: 'query', required: false, schema: { type: 'integer', enum: [12, 26] } },
        { name: 'segment', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'chart', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/passkeys/challenge': {
    post: {
      tags: ['chorus'],
      operationId: 'passkeyChallenge',
      summary:
        'Site Worker only (a proof signed with a key derived from CHORUS_PROXY_SECRET): start a passkey sign-in or registration',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err, 429: err },
    },
  },
  '/api/chorus/passkeys/lookup': {
    post: {
      tags: ['chorus'],
      operationId: 'passkeyLookup',
      summary: 'Site Worker only (signed proof): the stored passkey and challenge a WebAuthn response answers',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err, 429: err },
    },
  },
  '/api/chorus/passkeys/signin': {
    post: {
      tags: ['chorus'],
      operationId: 'passkeySignIn',
      summary:
        'Site Worker only (signed proof of a verified assertion): the same PocketBase sign-in any method gives, once per challenge',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: {
        200: ok({ type: 'object', properties: { token: { type: 'string' }, record: record('UsersRecord') } }),
        400: err,
        403: err,
        429: err,
      },
    },
  },
  '/api/chorus/passkeys/register': {
    post: {
      tags: ['chorus'],
      operationId: 'passkeyRegister',
      summary:
        'Site Worker only (signed proof of a verified registration): store a new passkey for the signed-in member',
      requestBody: body({ proof: { type: 'string' } }, ['proof']),
      responses: { 200: ok({ type: 'object' }), 400: err, 403: err, 429: err },
    },
  },
  '/api/chorus/me/fresh': {
    post: {
      tags: ['chorus'],
      operationId: 'freshSignIn',
      summary: 'Members: prove a fresh sign-in (password, or an emailed code) for five minutes',
      requestBody: body({ password: { type: 'string' }, otpId: { type: 'string' }, code: { type: 'string' } }, []),
      responses: {
        200: ok({ type: 'object', properties: { token: { type: 'string' }, expires_in: { type: 'integer' } } }),
        400: err,
        401: err,
        429: err,
      },
    },
  },
  '/api/chorus/me/export': {
    get: {
      tags: ['chorus'],
      operationId: 'exportMyData',
      summary: 'Members: everything held about oneself, as JSON and a list of one’s files (3 an hour)',
      responses: { 200: ok({ type: 'object' }), 401: err, 429: err },
    },
  },
  '/api/chorus/me/delete': {
    post: {
      tags: ['chorus'],
      operationId: 'deleteMyAccount',
      summary: 'Members: erase one’s account (what one wrote stays, signed Deleted member); needs a fresh sign-in',
      requestBody: body({ fresh: { type: 'string' } }, ['fresh']),
      responses: { 200: ok({ type: 'object' }), 400: err, 401: err, 403: err },
    },
  },
  '/api/chorus/members/{id}/export': {
    get: {
      tags: ['chorus'],
      operationId: 'exportMemberData',
      summary: 'Admins: everything held about a member, on their request (audited)',
      parameters: id,
      responses: { 200: ok({ type: 'object' }), 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/members/{id}/delete': {
    post: {
      tags: ['chorus'],
      operationId: 'deleteMemberAccount',
      summary: 'Admins: erase a member’s account on their request, with the admin’s own fresh sign-in (audited)',
      parameters: id,
      requestBody: body({ fresh: { type: 'string' } }, ['fresh']),
      responses: { 200: ok({ type: 'object' }), 400: err, 401: err, 403: err, 404: err },
    },
  },
};

// OpenAPI descriptions of the staff feedback inbox's routes (pb_hooks/feedback/feedback.pb.js, and its Slack, Zendesk and
// Intercom sources' in feedback-slack.pb.js, feedback-zendesk.pb.js and feedback-intercom.pb.js beside it; issue 58).
import { settingsRoutes } from './settings.mjs';

const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };
const ok = (description = 'OK') => ({ description, content: json({ type: 'object' }) });
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const body = (properties, required) => ({
  required: required.length > 0,
  content: json({ type: 'object', properties, required }),
});

/** The settings both help desks (Zendesk, Intercom) have: the tag that captures a ticket or conversation, whether
 * customers are answered when their idea reaches a roadmap status, and as a public reply or an internal note. */
const HELP_DESK_FIELDS = {
  capture_tag: { type: 'string', maxLength: 80 },
  public_replies: { type: 'boolean' },
  answer_customers: { type: 'boolean' },
};

/** What Intercom sends with every request of the inbox app (Canvas Kit): the workspace, who and which conversation. */
const CANVAS_REQUEST = {
  workspace_id: { type: 'string' },
  admin: {
    type: 'object',
    description: 'The teammate: { id, email, … }; linked as the Chorus staff member with that email',
  },
  contact: { type: 'object', description: 'The customer in the conversation: { id, email, … }' },
  conversation: { type: 'object', description: 'The conversation: { id, … }' },
  context: { type: 'object' },
};

export const FEEDBACK_ROUTES = {
  '/api/chorus/feedback': {
    get: {
      tags: ['chorus'],
      operationId: 'feedbackInbox',
      summary:
        'Staff: the feedback inbox: items in a status (new by default) from a source, each with who said it (their company, plan, revenue) and the suggested ideas; counts of new items per source; the inbox’s mail address',
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'string', enum: ['new', 'linked', 'dismissed'] } },
        { name: 'source', in: 'query', schema: { type: 'string', enum: ['mail', 'slack'] } },
        {
          name: 'told',
          in: 'query',
          description: '1: the latest answers to customers too (`told`), as the inbox page shows them',
          schema: { type: 'string', enum: ['1'] },
        },
      ],
      responses: { 200: ok(), 401: err, 403: err },
    },
  },
  '/api/chorus/feedback/{id}': {
    get: {
      tags: ['chorus'],
      operationId: 'feedbackItem',
      summary: 'Staff: one feedback item as the inbox shows it',
      parameters: id,
      responses: { 200: ok(), 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/feedback/{id}/link': {
    post: {
      tags: ['chorus'],
      operationId: 'linkFeedback',
      summary:
        'Staff: link a feedback item to an idea: the customer’s vote on their behalf, the quote kept on the idea as an internal comment',
      parameters: id,
      requestBody: body({ idea: { type: 'string' } }, ['idea']),
      responses: { 200: ok(), 400: err, 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/feedback/{id}/idea': {
    post: {
      tags: ['chorus'],
      operationId: 'feedbackToIdea',
      summary: 'Staff: a new idea from a feedback item (title and body prefilled from it unless given), then linked',
      parameters: id,
      requestBody: body(
        {
          board: { type: 'string' },
          title: { type: 'string', maxLength: 120 },
          body: { type: 'string', maxLength: 10000 },
        },
        ['board'],
      ),
      responses: { 201: ok('Created'), 400: err, 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/feedback/{id}/dismiss': {
    post: {
      tags: ['chorus'],
      operationId: 'dismissFeedback',
      summary: 'Staff: dismiss a feedback item; nothing is posted',
      parameters: id,
      responses: { 200: ok(), 400: err, 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/slack/interactivity': {
    post: {
      tags: ['chorus'],
      operationId: 'slackInteractivity',
      summary:
        'Slack: the app’s Interactivity request URL (a form-encoded `payload`: the "Send to feedback" message shortcut, a Link button), signed with the app’s signing secret (X-Slack-Signature, X-Slack-Request-Timestamp)',
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', properties: { payload: { type: 'string' } } },
          },
        },
      },
      responses: { 200: { description: 'Received' }, 400: err, 401: err, 403: err, 404: err, 413: err },
    },
  },
  '/api/chorus/slack/events': {
    post: {
      tags: ['chorus'],
      operationId: 'slackEvents',
      summary:
        'Slack: the app’s Events API request URL (url_verification; message events of the feedback channel), signed with the app’s signing secret',
      requestBody: body({ type: { type: 'string' }, challenge: { type: 'string' }, event: { type: 'object' } }, [
        'type',
      ]),
      responses: { 200: ok(), 400: err, 401: err, 403: err, 404: err, 413: err },
    },
  },
  '/api/chorus/slack/settings': settingsRoutes({
    read: {
      operationId: 'slackSettings',
      summary:
        'Admins: the Slack source’s settings without its secrets (whether the signing secret is set, the bot token’s last four characters) and the request URLs to paste into the Slack app',
    },
    change: {
      operationId: 'setSlackSettings',
      summary:
        'Admins: change the Slack source’s settings; the signing secret and bot token are written, never read back',
    },
    fields: { answer_customers: { type: 'boolean' }, team_id: { type: 'string' }, channel: { type: 'string' } },
    secrets: { signing_secret: 200, bot_token: 300 },
  }),
  '/api/chorus/zendesk/webhook': {
    post: {
      tags: ['chorus'],
      operationId: 'zendeskWebhook',
      summary:
        'Zendesk: the webhook a trigger calls when a ticket gets the capture tag (the JSON body { ticket_id, comment_id?, agent_id? }), signed with the webhook’s signing secret (X-Zendesk-Webhook-Signature, X-Zendesk-Webhook-Signature-Timestamp); the ticket is then read from Zendesk’s API',
      requestBody: body(
        { ticket_id: { type: 'string' }, comment_id: { type: 'string' }, agent_id: { type: 'string' } },
        ['ticket_id'],
      ),
      responses: { 200: ok(), 400: err, 401: err, 404: err, 413: err },
    },
  },
  '/api/chorus/zendesk/app/package': {
    get: {
      tags: ['chorus'],
      operationId: 'zendeskAppPackage',
      summary:
        'Anyone: the Zendesk sidebar app (Zendesk Apps framework v2) as the zip an admin uploads to Zendesk as a private app, made for this Chorus (its address as the server_url setting, its host as the only domain the app’s secure token goes to); no secret in it; 20 downloads an hour per client address (429 past them)',
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        429: err,
      },
    },
  },
  '/api/chorus/zendesk/app/ideas': {
    post: {
      tags: ['chorus'],
      operationId: 'zendeskAppIdeas',
      summary:
        'Zendesk’s sidebar app, through Zendesk’s proxy with the app token (Authorization: Bearer, the app’s secure setting): the ticket’s requester (read from Zendesk’s API), the ideas they want, the ticket’s suggested ideas, and with a query the matching ideas; only for an agent who is Chorus staff (read from Zendesk’s API by id); limited per agent per hour',
      requestBody: body(
        {
          ticket_id: { type: 'string', description: 'The ticket’s id (ZAF client.get("ticket.id"))' },
          agent_id: { type: 'string', description: 'The agent’s Zendesk user id (ZAF client.get("currentUser.id"))' },
          query: { type: 'string', maxLength: 200 },
        },
        ['ticket_id', 'agent_id'],
      ),
      responses: {
        200: ok(
          '{ customer: { name, email, member }, wanted, suggested, found?, query? }: ideas as { id, title, status, votes, url, linked }',
        ),
        400: err,
        401: err,
        403: err,
        404: err,
        413: err,
        429: err,
      },
    },
  },
  '/api/chorus/zendesk/app/link': {
    post: {
      tags: ['chorus'],
      operationId: 'zendeskAppLink',
      summary:
        'Zendesk’s sidebar app, as /app/ideas: links the ticket to the idea as the feedback inbox’s Link does (the ticket captured first if needed; the requester’s vote on their behalf, the quote kept as staff-only evidence), once; answers the sidebar with what was done (said)',
      requestBody: body({ ticket_id: { type: 'string' }, agent_id: { type: 'string' }, idea: { type: 'string' } }, [
        'ticket_id',
        'agent_id',
        'idea',
      ]),
      responses: { 200: ok(), 400: err, 401: err, 403: err, 404: err, 413: err, 429: err },
    },
  },
  '/api/chorus/zendesk/settings': settingsRoutes({
    read: {
      operationId: 'zendeskSettings',
      summary:
        'Admins: the Zendesk source’s settings without its secrets (whether the signing secret and the sidebar app’s token are set, the API token’s last four characters), the webhook URL to paste into Zendesk, the sidebar app package’s address and the last event',
    },
    change: {
      operationId: 'setZendeskSettings',
      summary:
        'Admins: change the Zendesk source’s settings; the API token, signing secret and sidebar app token are written, never read back',
    },
    fields: {
      subdomain: { type: 'string', maxLength: 63 },
      agent_email: { type: 'string', maxLength: 254 },
      ...HELP_DESK_FIELDS,
      // The sidebar app's token (written, never read back): at least 32 characters.
      app_token: { type: 'string', minLength: 32, maxLength: 200 },
    },
    secrets: { api_token: 100, signing_secret: 200 },
  }),
  '/api/chorus/intercom/webhook': {
    post: {
      tags: ['chorus'],
      operationId: 'intercomWebhook',
      summary:
        'Intercom: the notification an app’s webhook subscription sends when a conversation is tagged ({ type: notification_event, id, topic, created_at, data: { item } }), signed with the app’s client secret (X-Hub-Signature: sha1=…); created within the hour, each notification id taken once; the conversation is then read from Intercom’s API',
      requestBody: body(
        {
          type: { type: 'string', enum: ['notification_event'] },
          id: { type: 'string' },
          topic: { type: 'string' },
          created_at: { type: 'integer' },
          data: { type: 'object' },
        },
        ['type', 'id', 'topic', 'created_at'],
      ),
      responses: { 200: ok(), 400: err, 401: err, 404: err, 413: err },
    },
    head: {
      tags: ['chorus'],
      operationId: 'intercomWebhookCheck',
      summary:
        'Intercom: checks the webhook’s address when it is saved (200, whether the source is on yet or not: deliveries are refused while it is off)',
      responses: { 200: { description: 'The address answers.' } },
    },
  },
  '/api/chorus/intercom/canvas/initialize': {
    post: {
      tags: ['chorus'],
      operationId: 'intercomCanvasInitialize',
      summary:
        'Intercom: the inbox app (Canvas Kit) opened beside a conversation, signed with the app’s client secret (X-Body-Signature: hex HMAC-SHA256 of the body); answers { canvas }: the customer matched by email, the ideas they want, a search and the conversation’s suggested ideas (a notice to a teammate who is not Chorus staff)',
      requestBody: body(
        {
          ...CANVAS_REQUEST,
        },
        ['workspace_id', 'admin'],
      ),
      responses: {
        200: ok('A canvas: { canvas: { content: { components }, stored_data } }'),
        400: err,
        401: err,
        403: err,
        404: err,
        413: err,
      },
    },
  },
  '/api/chorus/intercom/canvas/submit': {
    post: {
      tags: ['chorus'],
      operationId: 'intercomCanvasSubmit',
      summary:
        'Intercom: a click in the inbox app, signed as the initialize request: component_id query (the search box: input_values.query) lists matching ideas; link:<idea id> links the conversation to the idea as the feedback inbox’s Link does (captured first if needed; the customer’s vote on their behalf, the quote kept as staff-only evidence), once; limited per teammate per hour',
      requestBody: body(
        {
          ...CANVAS_REQUEST,
          component_id: { type: 'string', description: 'query (the search box), or link:<idea id>' },
          input_values: { type: 'object', properties: { query: { type: 'string' } } },
          current_canvas: { type: 'object' },
          stored_data: { type: 'object' },
        },
        ['workspace_id', 'admin'],
      ),
      responses: { 200: ok('The next canvas'), 400: err, 401: err, 403: err, 404: err, 413: err },
    },
  },
  '/api/chorus/intercom/settings': settingsRoutes({
    read: {
      operationId: 'intercomSettings',
      summary:
        'Admins: the Intercom source’s settings without its secrets (whether the client secret is set, the access token’s last four characters), the webhook URL and the inbox app’s Initialize and Submit URLs to paste into the Intercom app, and the last event',
    },
    change: {
      operationId: 'setIntercomSettings',
      summary:
        'Admins: change the Intercom source’s settings; the access token and client secret are written, never read back',
    },
    fields: {
      region: { type: 'string', enum: ['', 'eu', 'au'] },
      workspace_id: { type: 'string', maxLength: 20 },
      admin_id: { type: 'string', maxLength: 20 },
      ...HELP_DESK_FIELDS,
    },
    secrets: { access_token: 300, client_secret: 200 },
  }),
  '/api/chorus/feedback/mail/settings': {
    get: {
      tags: ['chorus'],
      operationId: 'feedbackMailSettings',
      summary: 'Admins: whether customers whose email was forwarded to the inbox are answered by email',
      responses: { 200: ok(), 401: err, 403: err },
    },
    post: {
      tags: ['chorus'],
      operationId: 'setFeedbackMailSettings',
      summary:
        'Admins: switch the email answers to customers of forwarded mail on or off (told when their idea reaches a roadmap status)',
      requestBody: body({ answer_customers: { type: 'boolean' } }, ['answer_customers']),
      responses: { 200: ok(), 400: err, 401: err, 403: err },
    },
  },
};

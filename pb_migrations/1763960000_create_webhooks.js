/// <reference path="../pb_data/types.d.ts" />
// Webhook endpoints (Standard Webhooks or Slack incoming webhooks), managed by admins only. The signing
// secret is a hidden field: the server generates it, shows it once in the create response
// (pb_hooks/webhooks/webhooks-endpoints.pb.js) and never returns it again to anyone but a superuser.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  unset: (...args) =>
    ({
      '[["secret","failure_count","paused_at"]]':
        '(@request.body.secret:isset = false && @request.body.failure_count:isset = false && @request.body.paused_at:isset = false)',
    })[JSON.stringify(args)],
};
const ADMIN = RULES.ACTIVE_ADMIN;
const { unset } = RULES;
const SERVER_OWNED = ['secret', 'failure_count', 'paused_at'];
const EVENTS = [
  'idea.posted',
  'idea.approved',
  'idea.status_changed',
  'comment.posted',
  'idea.vote_milestone',
  'idea.merged',
  'release.published',
];

migrate(
  (app) => {
    const webhooks = new Collection({
      type: 'base',
      name: 'webhooks',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: `${ADMIN} && ${unset(SERVER_OWNED)}`,
      updateRule: `${ADMIN} && ${unset(SERVER_OWNED)}`,
      deleteRule: ADMIN,
      fields: [
        { name: 'name', type: 'text', required: true, max: 80 },
        { name: 'url', type: 'url', required: true },
        { name: 'kind', type: 'select', required: true, maxSelect: 1, values: ['standard', 'slack'] },
        { name: 'events', type: 'select', required: true, maxSelect: EVENTS.length, values: EVENTS },
        { name: 'secret', type: 'text', hidden: true, max: 200 },
        { name: 'paused', type: 'bool' },
        { name: 'paused_at', type: 'date' },
        { name: 'failure_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(webhooks);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('webhooks'));
  },
);

/// <reference path="../pb_data/types.d.ts" />
// Two more kinds of webhook endpoint beside Slack: Discord (its webhook messages with an embed) and Microsoft Teams
// (a Workflows webhook taking an Adaptive Card), formatted by pb_hooks/webhooks/discord.js and teams.js.
const KINDS = ['discord', 'teams'];

migrate(
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    const kind = webhooks.fields.getByName('kind');
    kind.values = [...kind.values, ...KINDS.filter((value) => !kind.values.includes(value))];
    app.save(webhooks);
  },
  (app) => {
    app.db().newQuery("DELETE FROM webhooks WHERE kind IN ('discord', 'teams')").execute();
    const webhooks = app.findCollectionByNameOrId('webhooks');
    const kind = webhooks.fields.getByName('kind');
    kind.values = kind.values.filter((value) => !KINDS.includes(value));
    app.save(webhooks);
  },
);

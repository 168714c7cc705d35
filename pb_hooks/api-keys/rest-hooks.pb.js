/// <reference path="../../pb_data/types.d.ts" />
// REST hooks for Zapier, Make and n8n (webhooks/rest-hooks.js): an API key subscribes a URL to an event,
// lists and removes its own subscriptions, polls recent items and reads a sample payload. API keys only; each
// request counts against the key's limit.

// POST /api/chorus/hooks {target_url, event} — subscribe: 201 {id, event, target_url, secret, …} (200 if the key
// already has this URL on this event).
routerAdd(
  'POST',
  '/api/chorus/hooks',
  (e) => {
    const { status, body } = require(`${__hooks}/webhooks/rest-hooks.js`).subscribe(e);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(status, body);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// GET /api/chorus/hooks — the calling key's subscriptions, newest first: {items}.
routerAdd(
  'GET',
  '/api/chorus/hooks',
  (e) => e.json(200, { items: require(`${__hooks}/webhooks/rest-hooks.js`).listHooks(e) }),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// DELETE /api/chorus/hooks/{id} — unsubscribe (the key's own subscription only): 204.
routerAdd(
  'DELETE',
  '/api/chorus/hooks/{id}',
  (e) => {
    require(`${__hooks}/webhooks/rest-hooks.js`).unsubscribe(e, e.request.pathValue('id'));
    return e.noContent(204);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// GET /api/chorus/hooks/recent?event=idea.posted&limit=25 — polling triggers: the newest items the key may see,
// each as its hook would send it, newest first (a JSON array, as Zapier, Make and n8n read a poll).
routerAdd(
  'GET',
  '/api/chorus/hooks/recent',
  (e) => e.json(200, require(`${__hooks}/webhooks/rest-hooks.js`).recentItems(e)),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// GET /api/chorus/hooks/sample?event=… — one made-up payload of the event, as its hook sends it.
routerAdd(
  'GET',
  '/api/chorus/hooks/sample',
  (e) => e.json(200, [require(`${__hooks}/webhooks/rest-hooks.js`).samplePayload(e)]),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// A revoked key's subscriptions stop with it, in the transaction that revokes it (api-keys/api-keys.js
// revokeKey): the REST hooks depend on API keys, never the other way.
onRecordUpdate((e) => {
  const revoking = !e.record.original().getString('revoked_at') && e.record.getString('revoked_at');
  e.next();
  if (revoking) require(`${__hooks}/webhooks/rest-hooks.js`).removeHooksOfKey(e.app, e.record.id);
}, 'api_keys');

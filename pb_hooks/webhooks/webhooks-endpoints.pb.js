/// <reference path="../../pb_data/types.d.ts" />
// Webhook endpoints: the server makes each signing secret and reveals it only in the create answer
// (and when an admin rotates it); resuming a paused endpoint clears its failures and sends what waited;
// an admin can resend any recorded delivery (a new attempt of the same message, same webhook-id).

// Only http(s) receivers at public addresses (platform/outbound/outbound.js; the worker checks again at every send, as DNS
// can change): an admin typing http://127.0.0.1:1/ or a name that resolves inside the network is told so.
// A REST hook (kind `rest_hook`, webhooks/rest-hooks.js) is made and changed only by its API key through
// /api/chorus/hooks: through the collection API admins may pause, resume or delete one, nothing else.
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
        const body = e.requestInfo().body;
        const restHook = e.record.isNew()
          ? e.record.getString('kind') === 'rest_hook' || Boolean(e.record.getString('api_key'))
          : e.record.original().getString('kind') === 'rest_hook'
            ? ['url', 'kind', 'events', 'api_key', 'include_customer_data', 'name'].some((f) => body[f] !== undefined)
            : e.record.getString('kind') === 'rest_hook' || body.api_key !== undefined;
        if (restHook) {
          const { refusalText } = require(`${__hooks}/platform/refusals.js`);
          throw new ForbiddenError(refusalText('restHookManaged'));
        }
        e.next();
      }),
    'webhooks',
  );
}

for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
        const url = e.record.getString('url');
        const changed = e.record.isNew() || url !== e.record.original().getString('url');
        const { refusalForSave } = require(`${__hooks}/platform/outbound/outbound.js`);
        const scheme = /^https?:\/\/[^/\s]+/i.test(url);
        const reason = !scheme ? 'invalid_scheme' : changed ? refusalForSave(url) : '';
        if (reason) {
          const { refusalText } = require(`${__hooks}/platform/refusals.js`);
          const key =
            { invalid_scheme: 'webhookUrlScheme', refused_url: 'webhookUrlRefused' }[reason] || 'webhookUrlNotPublic';
          throw new BadRequestError(refusalText(key), { url: new ValidationError(reason, refusalText(key)) });
        }
        e.next();
      }),
    'webhooks',
  );
}

onRecordCreateRequest((e) => {
  const { newSecret } = require(`${__hooks}/webhooks/signature.js`);
  e.record.set('secret', newSecret());
  e.record.set('failure_count', 0);
  e.record.unhide('secret');
  e.next();
}, 'webhooks');

onRecordUpdateRequest((e) => {
  const resumed = e.record.original().getBool('paused') && !e.record.getBool('paused');
  if (resumed) {
    e.record.set('failure_count', 0);
    e.record.set('paused_at', '');
  }
  e.next();
  if (!resumed) return;
  const { dateString } = require(`${__hooks}/platform/dates.js`);
  const { kickWorker } = require(`${__hooks}/webhooks/kick.js`);
  e.app
    .db()
    .newQuery("UPDATE webhook_deliveries SET next_attempt_at = {:now} WHERE webhook = {:id} AND status = 'pending'")
    .bind({ now: dateString(), id: e.record.id })
    .execute();
  kickWorker(e.app);
}, 'webhooks');

// POST /api/chorus/webhooks/{id}/secret — admins: a new secret, shown in this answer only.
routerAdd(
  'POST',
  '/api/chorus/webhooks/{id}/secret',
  (e) => {
    const { newSecret } = require(`${__hooks}/webhooks/signature.js`);
    const endpoint = e.app.findRecordById('webhooks', e.request.pathValue('id'));
    const secret = newSecret();
    endpoint.set('secret', secret);
    const { REDACTED } = require(`${__hooks}/audit/audit-targets.js`);
    require(`${__hooks}/audit/audit.js`).saveAudited(e, endpoint, {
      action: 'webhook.secret',
      collection: 'webhooks',
      id: endpoint.id,
      label: endpoint.getString('name'),
      before: { secret: REDACTED },
      after: { secret: REDACTED },
    });
    return e.json(200, { secret });
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

// POST /api/chorus/webhooks/deliveries/{id}/resend — admins: queue the same message again.
routerAdd(
  'POST',
  '/api/chorus/webhooks/deliveries/{id}/resend',
  (e) => {
    const { dateString } = require(`${__hooks}/platform/dates.js`);
    const { kickWorker } = require(`${__hooks}/webhooks/kick.js`);
    const original = e.app.findRecordById('webhook_deliveries', e.request.pathValue('id'));
    const copy = new Record(original.collection());
    for (const field of ['webhook', 'event', 'message_id', 'payload']) copy.set(field, original.get(field));
    copy.set('status', 'pending');
    copy.set('attempts', 0);
    copy.set('next_attempt_at', dateString());
    require(`${__hooks}/audit/audit.js`).saveAudited(e, copy, {
      action: 'webhook.resend',
      collection: 'webhooks',
      id: original.getString('webhook'),
      label: original.getString('event'),
      after: {
        delivery: original.id,
        event: original.getString('event'),
        message_id: original.getString('message_id'),
      },
    });
    kickWorker(e.app);
    return e.json(200, copy);
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

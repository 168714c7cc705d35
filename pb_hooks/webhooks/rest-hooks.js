// REST hooks for automation platforms (Zapier, Make, n8n): an API key subscribes a target URL to an event, and
// the subscription is a webhook endpoint of kind `rest_hook` owned by that key (same queue, signature, retries and
// attempt log as an admin's endpoint). What reaches a subscription, and what its key may poll, is only what the
// key's service member may see (private, staff and segment boards, unapproved ideas: platform/access.js canSeePost);
// its body is the event with an `id` (the idea's or comment's id, or the message id). The contract (events, the
// scope each needs, limits, samples): src/contract/rest-hooks.ts.
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
const { canSeePost, postVisibleSql, activeStaffSql } = require(`${__hooks}/platform/access.js`);
const { scopeAllows } = require(`${__hooks}/platform/contract/api-key-scopes.js`);
const CONTRACT = require(`${__hooks}/platform/contract/rest-hooks.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const KIND = 'rest_hook';

/** The body a subscription receives (and a polling list holds): the event with a stable `id` first. */
function restHookBody(event, messageId) {
  const data = event.data || {};
  const id =
    event.type === 'idea.posted'
      ? data.idea?.id
      : event.type === 'comment.posted'
        ? data.comment?.id
        : event.type === 'release.published'
          ? data.release?.id
          : messageId;
  return { id: id || messageId, ...event };
}

/** Is `key` (an api_keys record) live: neither revoked nor past its expiry? */
function keyIsLive(key) {
  if (!key || key.getString('revoked_at')) return false;
  const expires = key.getDateTime('expires_at');
  return expires.isZero() || expires.unix() * 1000 > Date.now();
}

/**
 * The event as subscription `endpoint` may receive it, or null when its key may not: the key is no longer live,
 * its scope is below the event's, or its member may not see an idea the event names (a release lists only the
 * ideas it may see).
 */
function eventForKey(app, endpoint, event) {
  let key = null;
  try {
    key = app.findRecordById('api_keys', endpoint.getString('api_key'));
  } catch {
    return null;
  }
  if (!keyIsLive(key)) return null;
  const need = CONTRACT.REST_HOOK_EVENT_SCOPES[event.type];
  if (!need || !scopeAllows(key.getString('scope'), need)) return null;
  const user = key.getString('user');
  const data = event.data || {};
  for (const name of ['idea', 'into']) {
    if (data[name]?.id && !canSeePost(app, user, data[name].id)) return null;
  }
  if (event.type !== 'release.published') return event;
  const ideas = data.release.ideas.filter((idea) => canSeePost(app, user, idea.id));
  return { ...event, data: { ...data, release: { ...data.release, ideas } } };
}

/** The calling API key of request `e` (counted against its limit), or a 401. */
function callingKey(e) {
  const keys = require(`${__hooks}/api-keys/api-keys.js`);
  keys.refuseKeyInAddress(e);
  const key = keys.keyOf(e);
  if (!key || !keyIsLive(key)) throw new UnauthorizedError(refusalText('apiKeyOnly'));
  keys.spendKeyRequest(e);
  return key;
}

/** Checks that `key` may use event `name` (400 unknown, 403 below its scope); returns the event. */
function requireEvent(key, name, field = 'event') {
  const event = String(name || '');
  if (!CONTRACT.isRestHookEvent(event)) {
    throw new BadRequestError(refusalText('restHookEvent'), {
      [field]: fieldRefusal('validation_event', 'restHookEvent'),
    });
  }
  if (!scopeAllows(key.getString('scope'), CONTRACT.REST_HOOK_EVENT_SCOPES[event])) {
    throw new ForbiddenError(refusalText('restHookScope'));
  }
  return event;
}

/** Refuses a target URL that is not http(s) at a public address (platform/outbound: the worker checks again at each send). */
function requireTargetUrl(url) {
  const { refusalForSave } = require(`${__hooks}/platform/outbound/outbound.js`);
  const scheme = typeof url === 'string' && url.length <= 2000 && /^https?:\/\/[^/\s]+/i.test(url);
  const reason = !scheme ? 'invalid_scheme' : refusalForSave(url);
  if (!reason) return url;
  const key = { invalid_scheme: 'webhookUrlScheme', refused_url: 'webhookUrlRefused' }[reason] || 'webhookUrlNotPublic';
  throw new BadRequestError(refusalText(key), { target_url: new ValidationError(reason, refusalText(key)) });
}

/** A subscription as its key sees it (the secret only when just made). */
function publicHook(endpoint, secret = '') {
  const [event] = endpoint.getStringSlice('events');
  return {
    id: endpoint.id,
    event,
    target_url: endpoint.getString('url'),
    paused: endpoint.getBool('paused'),
    created: endpoint.getString('created'),
    ...(secret ? { secret } : {}),
  };
}

function hooksOf(app, keyId) {
  return app.findRecordsByFilter('webhooks', 'kind = {:kind} && api_key = {:key}', '-created', 0, 0, {
    kind: KIND,
    key: keyId,
  });
}

function audit(txApp, e, action, endpoint, keyId) {
  const { recordAudit } = require(`${__hooks}/audit/audit.js`);
  const [event] = endpoint.getStringSlice('events');
  recordAudit(txApp, e, {
    action,
    collection: 'webhooks',
    id: endpoint.id,
    label: endpoint.getString('name'),
    after: { event, target_url: endpoint.getString('url'), api_key: keyId },
  });
}

/**
 * Subscribes `target_url` to `event` for the calling key (Zapier's REST-hook subscribe). The same URL and event
 * again answers the existing subscription (an automation platform retrying is not a second one). Returns
 * { status, body }: 201 with the id and, once, the signing secret; 200 for an existing one.
 */
function subscribe(e) {
  const key = callingKey(e);
  const body = e.requestInfo().body || {};
  const event = requireEvent(key, body.event);
  const url = requireTargetUrl(body.target_url);
  const sameHook = (app) =>
    hooksOf(app, key.id).find((hook) => hook.getString('url') === url && hook.getStringSlice('events')[0] === event);
  const existing = sameHook(e.app);
  if (existing) return { status: 200, body: publicHook(existing) };
  const { newSecret } = require(`${__hooks}/webhooks/signature.js`);
  const secret = newSecret();
  let endpoint = null;
  let already = null;
  e.app.runInTransaction((txApp) => {
    // Asked again inside the one writer's transaction: a platform retrying its subscribe at once gets one hook.
    already = sameHook(txApp) || null;
    if (already) return;
    const live = txApp.countRecords('webhooks', $dbx.hashExp({ kind: KIND, api_key: key.id }));
    if (live >= CONTRACT.MAX_REST_HOOKS_PER_KEY) throw new BadRequestError(refusalText('restHookTooMany'));
    endpoint = new Record(txApp.findCachedCollectionByNameOrId('webhooks'));
    endpoint.set('name', `REST hook: ${key.getString('name')}`.slice(0, 80));
    endpoint.set('url', url);
    endpoint.set('kind', KIND);
    endpoint.set('events', [event]);
    endpoint.set('api_key', key.id);
    endpoint.set('secret', secret);
    endpoint.set('failure_count', 0);
    endpoint.set('include_customer_data', false);
    txApp.save(endpoint);
    audit(txApp, e, 'rest_hook.subscribe', endpoint, key.id);
  });
  if (already) return { status: 200, body: publicHook(already) };
  return { status: 201, body: publicHook(e.app.findRecordById('webhooks', endpoint.id), secret) };
}

/** Removes the calling key's subscription `id`; another key's (or none) is a 404, never a 403 that tells it exists. */
function unsubscribe(e, id) {
  const key = callingKey(e);
  const endpoint = hooksOf(e.app, key.id).find((hook) => hook.id === id);
  if (!endpoint) throw new NotFoundError(refusalText('restHookNotFound'));
  e.app.runInTransaction((txApp) => {
    audit(txApp, e, 'rest_hook.unsubscribe', endpoint, key.id);
    txApp.delete(txApp.findRecordById('webhooks', endpoint.id));
  });
}

/** The calling key's subscriptions, newest first. */
function listHooks(e) {
  const key = callingKey(e);
  return hooksOf(e.app, key.id).map((hook) => publicHook(hook));
}

/** A target that answered 410 Gone no longer wants the event (Zapier's contract): its subscription goes. */
function removeGone(app, endpoint) {
  app.runInTransaction((txApp) => {
    let fresh = null;
    try {
      fresh = txApp.findRecordById('webhooks', endpoint.id);
    } catch {
      return; // already gone
    }
    audit(txApp, null, 'rest_hook.gone', fresh, fresh.getString('api_key'));
    txApp.delete(fresh);
  });
}

/** Deletes every subscription of key `keyId` (the key was revoked). */
function removeHooksOfKey(app, keyId) {
  for (const hook of hooksOf(app, keyId)) app.delete(hook);
}

/** Ids of the newest rows of a query over posts `p` / boards `b` the key's member may see. */
function visibleIds(app, sql, user, limit) {
  const visible = postVisibleSql({ person: 'u.id', staff: activeStaffSql('u') });
  return rowsOf(app, sql.replace('{visible}', visible), { id: '' }, { user, limit }).map((row) => row.id);
}

/**
 * The newest items of a pollable event the calling key may see, as the hook would have sent them (body and all),
 * newest first: ideas, or public comments (never internal or hidden ones) on ideas it may see.
 */
function recentItems(e) {
  const key = callingKey(e);
  const query = e.request.url.query();
  const event = requireEvent(key, query.get('event'));
  if (!CONTRACT.POLLABLE_EVENTS.includes(event)) {
    throw new BadRequestError(refusalText('restHookNotPollable'), {
      event: fieldRefusal('validation_event', 'restHookNotPollable'),
    });
  }
  const asked = Number.parseInt(query.get('limit') || '25', 10);
  const limit = Math.min(Math.max(Number.isFinite(asked) ? asked : 25, 1), CONTRACT.MAX_RECENT_ITEMS);
  const { buildEvent, describeComment, describeIdea } = require(`${__hooks}/webhooks/payload.js`);
  const user = key.getString('user');
  const at = (record) => new Date(record.getDateTime('created').unix() * 1000).toISOString();
  if (event === 'idea.posted') {
    const ids = visibleIds(
      e.app,
      'SELECT p.id AS id FROM posts p JOIN boards b ON b.id = p.board JOIN users u ON u.id = {:user} ' +
        'WHERE {visible} ORDER BY p.created DESC, p.id DESC LIMIT {:limit}',
      user,
      limit,
    );
    return ids.map((id) => {
      const post = e.app.findRecordById('posts', id);
      const item = restHookBody(buildEvent(event, { idea: describeIdea(e.app, post) }), id);
      return { ...item, timestamp: at(post) };
    });
  }
  const ids = visibleIds(
    e.app,
    'SELECT c.id AS id FROM comments c JOIN posts p ON p.id = c.post JOIN boards b ON b.id = p.board ' +
      'JOIN users u ON u.id = {:user} WHERE c.internal = FALSE AND c.hidden = FALSE AND {visible} ' +
      'ORDER BY c.created DESC, c.id DESC LIMIT {:limit}',
    user,
    limit,
  );
  const ideas = {};
  return ids.map((id) => {
    const comment = e.app.findRecordById('comments', id);
    const postId = comment.getString('post');
    ideas[postId] = ideas[postId] || describeIdea(e.app, e.app.findRecordById('posts', postId));
    const data = { idea: ideas[postId], comment: describeComment(comment, ideas[postId], e.app) };
    return { ...restHookBody(buildEvent(event, data), id), timestamp: at(comment) };
  });
}

/** One made-up payload of an event the calling key may use, in the shape its hook sends. */
function samplePayload(e) {
  const key = callingKey(e);
  const event = requireEvent(key, e.request.url.query().get('event'));
  return CONTRACT.restHookSample(event);
}

module.exports = {
  KIND,
  eventForKey,
  restHookBody,
  subscribe,
  unsubscribe,
  listHooks,
  removeGone,
  removeHooksOfKey,
  recentItems,
  samplePayload,
};

// Two-way sync with issue trackers (issue #26): links between ideas and issues, and the durable queue of
// tracker_events. `in` rows are tracker events the site's Worker verified (one row per delivery id, so a
// replay is the same row and changes nothing); processing one moves the linked ideas to the mapped status with
// an official response, which notifies voters like any status change. `out` rows post a comment back to the
// issue, or (Jira) move it with a transition when staff change a linked idea's status. Both are worked by the
// webhook worker's job (same cron and kick, same backoff), never inside a request:
// a tracker that is down never blocks anything in Chorus, its rows retry.
const { providerOf } = require(`${__hooks}/trackers/providers.js`);
const { TrackerError } = require(`${__hooks}/trackers/http.js`);
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

const MAX_ATTEMPTS = 8;
const BUDGET_MS = 20_000;
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { runDueRows, retryAt } = require(`${__hooks}/platform/due-rows.js`);
/** A tracker's timestamp (RFC 3339) as a PocketBase date, or '' when it gave none. */
const trackerTime = (text) => (Number.isFinite(Date.parse(text)) ? dateString(Date.parse(text)) : '');
/** Whether a link already holds a change newer than one the tracker made at `updatedAt` (ties go through). */
const isOlder = (link, updatedAt) => {
  const applied = Date.parse(link.getString('issue_updated_at').replace(' ', 'T'));
  const incoming = Date.parse(updatedAt);
  return Number.isFinite(applied) && Number.isFinite(incoming) && incoming < applied;
};

/** A JSON field's value (PocketBase hands JSON fields to hooks as raw bytes). */
function jsonOf(record, name, fallback) {
  try {
    const value = JSON.parse(toString(record.get(name)) || 'null');
    return value === null || value === undefined ? fallback : value;
  } catch {
    return fallback;
  }
}

/** A connection by id, refused (404) when there is none and (400) when it is switched off and `active` is asked. */
function connectionById(app, id, { active = true } = {}) {
  let connection;
  try {
    connection = app.findRecordById('tracker_connections', String(id || ''));
  } catch {
    throw new NotFoundError(refusalText('trackerNotFound'));
  }
  if (active && !connection.getBool('active')) throw new BadRequestError(refusalText('trackerInactive'));
  return connection;
}

/** Runs `call` against the tracker, turning its failure into a refusal a person can act on. */
function askTracker(call) {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof TrackerError)) throw error;
    if (error.status === 404) throw new NotFoundError(refusalText('trackerIssueNotFound'));
    if (error.status === 400) throw new BadRequestError(refusalText('trackerBadReference'));
    if (error.status === 401 || error.status === 403) throw new ApiError(502, refusalText('trackerRefused'));
    throw new ApiError(502, refusalText('trackerUnreachable'));
  }
}

/**
 * A staff request that links an idea (`post` in the body) to an issue of the connection in the path (create one, or
 * find one named): `ask(tracker, connection, post, body)` gets the issue from the tracker (its refusals as askTracker's).
 */
function linkFromRequest(e, ask) {
  const connection = connectionById(e.app, e.request.pathValue('connection'));
  const body = e.requestInfo().body;
  const post = e.app.findRecordById('posts', String(body.post || ''));
  const issue = askTracker(() => ask(providerOf(connection), connection, post, body));
  return e.json(200, linkIssue(e, connection, post, issue));
}

/** A tracker's name for audit entries and responses: "GitHub (acme/app)", "Linear (ENG)", "Jira (ENG)". */
function trackerLabel(connection) {
  const where =
    connection.getString('repository') ||
    connection.getString('team_key') ||
    connection.getString('project_key') ||
    connection.getString('name');
  return `${providerOf(connection).name} (${where})`;
}

function texts(app) {
  const { siteLocale, translator } = require(`${__hooks}/platform/i18n.js`);
  const locale = siteLocale(app);
  return { locale, t: translator(locale, 'trackers') };
}

/** The issue's title and body for an idea: the idea's text and a link back to it. */
function issueDraft(app, post) {
  const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);
  const { t } = texts(app);
  const body = post.getString('body').slice(0, 4000);
  return {
    title: post.getString('title').slice(0, 250),
    body: `${body}\n\n---\n${t('issueFooter', { url: `${baseUrl(app)}/p/${post.id}` })}`,
  };
}

function newRow(app, collection, fields) {
  const row = new Record(app.findCachedCollectionByNameOrId(collection));
  for (const name in fields) row.set(name, fields[name]);
  app.save(row);
  return row;
}

/** Queues the comment back (votes and revenue waiting) for a new link, when the connection asks for it. */
function queueCommentBack(app, connection, link) {
  if (!connection.getBool('comment_back')) return false;
  newRow(app, 'tracker_events', {
    connection: connection.id,
    direction: 'out',
    delivery_id: `comment-${link.id}`,
    event: 'comment',
    payload: { link: link.id },
    status: 'pending',
    attempts: 0,
    next_attempt_at: dateString(Date.now()),
  });
  return true;
}

/** Links `post` to `issue` ({issue_id, issue_key, url, title, state, updated_at}) for staff request `e`; one link per pair. */
function linkIssue(e, connection, post, issue) {
  const app = e.app;
  const same = require(`${__hooks}/platform/records.js`).firstRecordOrNull(
    app,
    'tracker_links',
    'connection = {:connection} && post = {:post} && issue_id = {:issue}',
    { connection: connection.id, post: post.id, issue: issue.issue_id },
  );
  if (same) throw new BadRequestError(refusalText('trackerAlreadyLinked'));
  let link;
  let queued = false;
  app.runInTransaction((txApp) => {
    link = newRow(txApp, 'tracker_links', {
      connection: connection.id,
      post: post.id,
      issue_id: issue.issue_id,
      issue_key: issue.issue_key,
      url: issue.url,
      title: issue.title,
      state: issue.state,
      issue_updated_at: trackerTime(issue.updated_at),
      created_by: e.auth?.collection().name === 'users' ? e.auth.id : '',
    });
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    recordAudit(txApp, e, {
      action: 'tracker.link',
      collection: 'posts',
      id: post.id,
      label: post.getString('title'),
      after: { tracker: trackerLabel(connection), issue: issue.issue_key, url: issue.url },
    });
    queued = queueCommentBack(txApp, connection, link);
  });
  if (queued) require(`${__hooks}/webhooks/kick.js`).kickWorker(app);
  return link;
}

/** Stores a verified tracker event once per delivery id; a replay answers { duplicate: true } and changes nothing. */
function receiveEvent(app, connection, { deliveryId, event, payload }) {
  const filter = "connection = {:connection} && direction = 'in' && delivery_id = {:delivery}";
  const params = { connection: connection.id, delivery: deliveryId };
  if (app.findRecordsByFilter('tracker_events', filter, '', 1, 0, params).length > 0) return { duplicate: true };
  try {
    newRow(app, 'tracker_events', {
      connection: connection.id,
      direction: 'in',
      delivery_id: deliveryId,
      event,
      payload,
      status: 'pending',
      attempts: 0,
      next_attempt_at: dateString(Date.now()),
    });
  } catch (error) {
    // the unique index: the same delivery arrived twice at once
    if (app.findRecordsByFilter('tracker_events', filter, '', 1, 0, params).length > 0) return { duplicate: true };
    throw error;
  }
  require(`${__hooks}/webhooks/kick.js`).kickWorker(app);
  return { duplicate: false };
}

/**
 * Moves the ideas linked to the changed issue to the status its new state maps to. A change older than one a
 * link already took (trackers do not promise order: a redelivery or a retry can arrive after a later event)
 * leaves that link alone. Returns why when nothing was done.
 */
function applyChange(app, connection, change) {
  const links = app.findRecordsByFilter(
    'tracker_links',
    'connection = {:connection} && issue_id = {:issue}',
    '',
    0,
    0,
    { connection: connection.id, issue: change.issue_id },
  );
  if (links.length === 0) return 'no idea is linked to this issue';
  const map = jsonOf(connection, 'state_map', {});
  const states = jsonOf(connection, 'states', []);
  // a state's own mapping, else its category's (Jira: "any status in Done")
  const mapped = (key) => (key && typeof map?.[key] === 'string' ? map[key] : '');
  const statusId = mapped(change.state) || mapped(change.category);
  const stateName = (Array.isArray(states) && states.find((s) => s?.key === change.state)?.name) || change.state;
  const label = trackerLabel(connection);
  const context = JSON.stringify({
    actor: '',
    name: label,
    role: '',
    via: `tracker:${connection.id}`,
    ip: '',
    context: true,
  });
  const current = links.filter((link) => !isOlder(link, change.updated_at));
  if (current.length === 0) return 'older than a change already applied';
  const changedAt = trackerTime(change.updated_at);
  for (const link of current) {
    link.set('state', change.state);
    if (changedAt) link.set('issue_updated_at', changedAt);
    if (change.title) link.set('title', change.title);
    if (change.url) link.set('url', change.url);
    app.save(link);
    if (!statusId) continue;
    let post;
    try {
      post = app.findRecordById('posts', link.getString('post'));
      app.findRecordById('statuses', statusId);
    } catch {
      continue; // the idea or the mapped status is gone
    }
    if (post.getString('status') === statusId) continue;
    const { t } = texts(app);
    post.set('status', statusId);
    post.set('response', t('response', { tracker: label, issue: link.getString('issue_key'), state: stateName }));
    post.set('response_by', '');
    post.set('response_at', new Date().toISOString());
    const { AUDIT_MARK, TRACKER_CHANGE_MARK } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
    post.set(AUDIT_MARK, context);
    post.set(TRACKER_CHANGE_MARK, true); // not moved back to the tracker (pb_hooks/trackers/trackers.pb.js)
    app.save(post);
  }
  return '';
}

function processIncoming(app, connection, row) {
  if (!connection.getBool('active')) return 'the connection is switched off';
  const payload = jsonOf(row, 'payload', {});
  const change = providerOf(connection).eventChange(app, connection, row.getString('event'), payload);
  if (!change) return 'not a change of an issue of this connection';
  return applyChange(app, connection, change);
}

/** The comment back: the votes and the revenue of the customers waiting, with a link to the idea. */
function commentFor(app, post) {
  const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);
  const { formatNumber } = require(`${__hooks}/platform/i18n.js`);
  const { worthOf } = require(`${__hooks}/priority/insights.js`);
  const { locale, t } = texts(app);
  const worth = worthOf(app, post.id);
  return t('comment', {
    count: worth.votes,
    votes: formatNumber(locale, worth.votes),
    revenue: formatNumber(locale, worth.revenue),
    companies: formatNumber(locale, worth.companies),
    title: post.getString('title'),
    url: `${baseUrl(app)}/p/${post.id}`,
  });
}

/** The tracker's states (status ids, never catch-all categories) that `map` sends to Chorus status `statusId`. */
function statesMappedTo(connection, statusId) {
  const map = jsonOf(connection, 'state_map', {});
  return Object.keys(map || {}).filter((key) => map[key] === statusId && !/^category:/.test(key));
}

/**
 * Queues a move of every issue linked to `post` in a tracker that moves issues (Jira) to a state mapped to the
 * idea's new status. Not for a change the tracker itself made (that would move the issue back and forth).
 */
function queueMoves(app, post) {
  const links = app.findRecordsByFilter('tracker_links', 'post = {:post}', '', 0, 0, { post: post.id });
  let queued = false;
  for (const link of links) {
    let connection;
    try {
      connection = app.findRecordById('tracker_connections', link.getString('connection'));
    } catch {
      continue;
    }
    if (!connection.getBool('active') || typeof providerOf(connection).moveIssue !== 'function') continue;
    if (statesMappedTo(connection, post.getString('status')).length === 0) continue;
    newRow(app, 'tracker_events', {
      connection: connection.id,
      direction: 'out',
      delivery_id: `move-${link.id}-${$security.randomString(12)}`,
      event: 'move',
      payload: { link: link.id, status: post.getString('status') },
      status: 'pending',
      attempts: 0,
      next_attempt_at: dateString(Date.now()),
    });
    queued = true;
  }
  if (queued) require(`${__hooks}/webhooks/kick.js`).kickWorker(app);
}

function processOutgoing(app, connection, row) {
  const payload = jsonOf(row, 'payload', {});
  let link;
  let post;
  try {
    link = app.findRecordById('tracker_links', String(payload?.link || ''));
    post = app.findRecordById('posts', link.getString('post'));
  } catch {
    return 'the link is gone';
  }
  if (row.getString('event') === 'move') {
    const targets = statesMappedTo(connection, String(payload?.status || ''));
    if (targets.length === 0) return 'no state is mapped to that status any more';
    if (targets.indexOf(link.getString('state')) !== -1) return 'the issue is already in a mapped state';
    return providerOf(connection).moveIssue(app, connection, link.getString('issue_id'), targets);
  }
  providerOf(connection).postComment(app, connection, link.getString('issue_id'), commentFor(app, post));
  return '';
}

function processRow(app, row) {
  const { webhookConfig } = require(`${__hooks}/webhooks/config.js`);
  const fresh = app.findRecordById('tracker_events', row.id);
  const attempts = fresh.getInt('attempts') + 1;
  fresh.set('attempts', attempts);
  try {
    const connection = app.findRecordById('tracker_connections', fresh.getString('connection'));
    const skipped =
      fresh.getString('direction') === 'in'
        ? processIncoming(app, connection, fresh)
        : processOutgoing(app, connection, fresh);
    fresh.set('status', skipped ? 'ignored' : 'done');
    fresh.set('error', skipped);
    fresh.set('processed_at', dateString(Date.now()));
  } catch (error) {
    fresh.set('error', String(error?.message || error).slice(0, 1000));
    if (attempts >= MAX_ATTEMPTS) fresh.set('status', 'failed');
    else fresh.set('next_attempt_at', retryAt(attempts, webhookConfig().retryBaseSeconds));
  }
  app.save(fresh);
}

/** Works every due tracker_events row (the webhook worker's job calls it first on each run). */
function runTrackerQueue(app) {
  runDueRows(app, {
    table: 'tracker_events',
    leaseMs: 60_000,
    budgetMs: BUDGET_MS,
    due: (now) =>
      app.findRecordsByFilter(
        'tracker_events',
        "status = 'pending' && next_attempt_at <= {:now}",
        'next_attempt_at',
        20,
        0,
        { now: dateString(now) },
      ),
    send: (row) => processRow(app, row),
    failed: (row, error) =>
      app.logger().error('Processing a tracker event failed', 'row', row.id, 'error', String(error)),
  });
}

module.exports = {
  connectionById,
  linkFromRequest,
  askTracker,
  issueDraft,
  linkIssue,
  queueMoves,
  receiveEvent,
  runTrackerQueue,
  trackerLabel,
};

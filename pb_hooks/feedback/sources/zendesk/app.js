// Zendesk's ticket sidebar app (issue 58; Zendesk Apps framework v2, ./app/ is the package): beside a ticket an agent
// sees its requester (read from Zendesk's API, never from what the app says), the ideas they want, the ideas the
// ticket's feedback item suggests and a search; one click links the ticket to an idea exactly as the feedback inbox's
// Link (feedback/actions.js): the ticket captured as a feedback item if it is not one yet, then the requester's vote
// on their behalf and the quote kept as staff-only evidence, as the Chorus staff member the agent is (the agent read
// from Zendesk's API by id, matched by email). Every request comes through Zendesk's proxy with the app's secure
// setting as a bearer token (compared in constant time) through the webhook door (platform/webhook-door.js: off 404,
// over the cap 413, a bad token 401); each agent's requests are limited per hour (platform/limits.js).
const { similarIdeas } = require(`${__hooks}/ai/hybrid.js`);
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);
const { suggestionsOf } = require(`${__hooks}/feedback/view.js`);
const { memberOf, statusNames, visibleIdeas, wantedIdeas, wordsOf } = require(
  `${__hooks}/feedback/sources/sidebar-ideas.js`,
);
const { zendeskTicket } = require(`${__hooks}/feedback/sources/zendesk/api.js`);
const { ticketInput, requesterOf, staffOf } = require(`${__hooks}/feedback/sources/zendesk/read.js`);
const { connection } = require(`${__hooks}/feedback/sources/zendesk/settings.js`);
const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { messagesOf } = require(`${__hooks}/platform/i18n.js`);
const { take } = require(`${__hooks}/platform/limits.js`);

/** A request names a ticket, the agent and a few words: 8 KB is plenty. */
const MAX_BODY_BYTES = 8 * 1024;
const MAX_QUERY = 200;
const MAX_TITLE = 200;
const FOUND = 5;
const SUGGESTED = 3;
const ID = /^\d{1,20}$/;
// Who an agent is in Chorus is read from Zendesk's API once per agent in five minutes (an agent opens the app on every
// ticket), an agent who is not staff (or could not be read) in thirty seconds; the staff account itself is read fresh
// each time, so a blocked one is refused at once.
const STAFF_MEMORY_SECONDS = 5 * 60;
const REFUSAL_MEMORY_SECONDS = 30;
const agentKey = (agentId) => `chorus:zendesk-app-agent:${agentId}`;

/** '' when `authorization` is "Bearer <the app token>", compared in constant time; else why not. */
function tokenProblem(settings, authorization) {
  const token = settings.getString('app_token');
  if (!token) return 'no app token is set';
  const presented = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(String(authorization || '').trim());
  if (!presented) return 'no bearer token';
  return $security.equal(presented[1], token) ? '' : 'a token that does not match';
}

/** { settings, payload, ticketId, agentId } or { refused } (answered). */
function openAppDoor(e) {
  const door = connection.openDoor(e, {
    vendor: 'Zendesk app',
    maxBytes: MAX_BODY_BYTES,
    signatureProblem: (_raw, settings) => tokenProblem(settings, e.request.header.get('Authorization')),
  });
  if (door.refused) return door;
  const { settings, payload } = door;
  const bad = (message) => ({ refused: e.json(400, { message }) });
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return bad('A JSON object is expected.');
  const ticketId = String(payload.ticket_id ?? '');
  const agentId = String(payload.agent_id ?? '');
  if (!ID.test(ticketId) || !ID.test(agentId)) return bad('ticket_id and agent_id are Zendesk ids.');
  return { settings, payload, ticketId, agentId };
}

/** An idea as the app shows it: its title, status name (from `statuses`, statusNames'), votes and address. */
function ideaOf(app, post, linked, statuses) {
  return {
    id: post.id,
    title: post.getString('title').slice(0, MAX_TITLE),
    status: statuses[post.getString('status')] || '',
    votes: post.getInt('vote_count'),
    url: `${baseUrl(app)}/p/${post.id}`,
    linked: linked.includes(post.id),
  };
}

/** The ticket's feedback items (ids `ticket` or `ticket:comment`), newest first. */
const ticketItems = (app, ticketId) =>
  app.findRecordsByFilter(
    'feedback_items',
    "source = 'zendesk' && (external_id = {:id} || external_id ~ {:prefix})",
    '-created',
    20,
    0,
    { id: ticketId, prefix: `${ticketId}:%` },
  );

/** What the sidebar shows: the requester, the ideas they want, the ticket's suggestions (or `found`), and `extra`. */
function sidebar(e, context, extra = {}) {
  const { requester, ticketId, words } = context;
  const member = memberOf(e.app, requester.email.toLowerCase());
  const items = ticketItems(e.app, ticketId);
  const linked = items.filter((item) => item.getString('status') === 'linked').map((item) => item.getString('idea'));
  const open = items.find((item) => item.getString('status') === 'new');
  const suggested = open
    ? visibleIdeas(
        e,
        suggestionsOf(open).map((one) => String(one.id)),
      ).slice(0, SUGGESTED)
    : [];
  const wanted = wantedIdeas(e, member);
  const statuses = statusNames(e.app, [...wanted, ...suggested, ...(extra.found || [])]);
  const show = (posts) => posts.map((post) => ideaOf(e.app, post, linked, statuses));
  return {
    words: appWords(words),
    customer: {
      name: requester.name.slice(0, MAX_TITLE),
      email: requester.email,
      member: Boolean(member),
    },
    wanted: show(wanted),
    suggested: show(suggested),
    ...(extra.found ? { found: show(extra.found), query: extra.query } : {}),
    ...(extra.said ? { said: extra.said } : {}),
  };
}

// i18n-keys: sidebarApp.*
/**
 * The words the app's page shows, in the staff member's language (`{query}` and a vote count's `{count}` filled in
 * by the page; `votes` holds the plural forms, `locale` picks one with Intl.PluralRules).
 */
function appWords(words) {
  const { t } = words;
  const keys = ['noEmail', 'notMember', 'noneWanted', 'suggestedTicket', 'link', 'linked', 'search', 'searchButton'];
  const shown = { locale: words.locale, votes: messagesOf(words.locale).vote.count };
  for (const key of keys) shown[key] = t(key);
  shown.noMatch = t('noMatch', { query: '{query}' });
  return shown;
}

/** The Chorus staff account of Zendesk agent `agentId` (./read.js's staffOf, remembered a few minutes), or null. */
function staffOfAgent(app, settings, agentId) {
  const now = Math.floor(Date.now() / 1000);
  const [until, staffId] = String(app.store().get(agentKey(agentId)) || '0:').split(':');
  if (Number(until) > now) {
    if (!staffId) return null;
    const { staffByEmail } = require(`${__hooks}/feedback/sources/vendor-api.js`);
    try {
      return staffByEmail(app, app.findRecordById('users', staffId).email());
    } catch {
      return null;
    }
  }
  const staff = staffOf(app, settings, agentId);
  app
    .store()
    .set(
      agentKey(agentId),
      `${now + (staff ? STAFF_MEMORY_SECONDS : REFUSAL_MEMORY_SECONDS)}:${staff ? staff.id : ''}`,
    );
  return staff;
}

/**
 * The door, the agent's allowance, the agent as Chorus staff (made the caller) and the ticket with its requester,
 * each read from Zendesk's API, and the staff member's words (read once for the request): { context } or { refused }
 * (answered).
 */
function openTicket(e) {
  const door = openAppDoor(e);
  if (door.refused) return door;
  const { settings, ticketId, agentId } = door;
  if (take('zendesk-app', agentId)) {
    return { refused: e.json(429, { message: wordsOf(e).t('tooMany') }) };
  }
  const staff = staffOfAgent(e.app, settings, agentId);
  if (!staff) {
    e.app.logger().warn('Zendesk app: an agent who is not Chorus staff was refused', 'agent', agentId);
    return {
      refused: e.json(403, {
        message: wordsOf(e).t('notStaff', { vendor: 'Zendesk' }),
      }),
    };
  }
  e.auth = staff; // ideas are seen, votes made and audits kept as this staff member, as in the inbox
  const words = wordsOf(e);
  const ticket = zendeskTicket(e.app, settings, ticketId);
  if (!ticket) return { refused: e.json(404, { message: words.t('unreadableTicket') }) };
  return {
    context: {
      settings,
      words,
      payload: door.payload,
      staff,
      ticket,
      ticketId,
      requester: requesterOf(e.app, settings, ticket),
    },
  };
}

/** POST /api/chorus/zendesk/app/ideas { ticket_id, agent_id, query? }: the sidebar, with a search's ideas. */
function sidebarIdeas(e) {
  const opened = openTicket(e);
  if (opened.refused) return opened.refused;
  const { context } = opened;
  const query = String(context.payload.query ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY);
  if (!query) return e.json(200, sidebar(e, context));
  const meaning = require(`${__hooks}/ai/provider.js`).isConfigured();
  const ids = similarIdeas(e.app, query, { auth: context.staff.id, staff: true, limit: FOUND, meaning }).map(
    (one) => one.id,
  );
  return e.json(200, sidebar(e, context, { found: visibleIdeas(e, ids), query }));
}

/** The item a link takes: the ticket's open one, else the ticket captured now; ticketItems' newest open first. */
function itemToLink(e, context, post) {
  const open = ticketItems(e.app, context.ticketId).find((item) => item.getString('status') === 'new');
  if (open) return open;
  const input = ticketInput(e.app, context.settings, context.ticket, '', context.staff.id);
  const captured = captureFeedback(e.app, input);
  if (captured.item.getString('status') === 'new') return captured.item;
  // Their words already went to another idea (or were dismissed): this idea keeps its own evidence.
  return captureFeedback(e.app, { ...input, externalId: `${input.externalId}:${post.id}` }).item;
}

/** POST /api/chorus/zendesk/app/link { ticket_id, agent_id, idea }: the ticket linked to the idea, once. */
function linkTicket(e) {
  const opened = openTicket(e);
  if (opened.refused) return opened.refused;
  const { context } = opened;
  const post = visibleIdeas(e, [String(context.payload.idea ?? '')])[0];
  const { t } = context.words;
  if (!post) return e.json(404, { message: t('ideaGone') });
  const title = post.getString('title');
  const already = ticketItems(e.app, context.ticketId).some(
    (item) => item.getString('status') === 'linked' && item.getString('idea') === post.id,
  );
  if (already) return e.json(200, sidebar(e, context, { said: t('alreadyLinkedTicket', { title }) }));
  const item = itemToLink(e, context, post);
  const linked = require(`${__hooks}/feedback/actions.js`).linkAs(e, context.staff, item.id, post.id);
  const who = linked.item.getString('author_name') || linked.item.getString('author_email') || t('theCustomer');
  const said = linked.voted
    ? t(linked.voted.already ? 'linkedAlready' : 'linkedNow', { who, title })
    : t('linkedNoVote', { title, vendor: 'Zendesk' });
  return e.json(200, sidebar(e, context, { said }));
}

module.exports = { sidebarIdeas, linkTicket, tokenProblem };

// Intercom's inbox app (issue 58; Canvas Kit, developers.intercom.com/docs/canvas-kit): beside a conversation a
// teammate sees the customer (the contact, matched to a Chorus member by email), the ideas they want (their votes,
// those staff cast on their behalf too), a search, and the ideas the conversation's feedback item suggests; one click
// on an idea links the conversation to it, exactly as the feedback inbox's Link (feedback/actions.js): the
// conversation captured as a feedback item if it is not one yet, then the customer's vote on their behalf and the
// quote kept as staff-only evidence, as the Chorus staff member the teammate is (matched by email; anyone else only
// reads a refusal). Every request proves it is Intercom's (X-Body-Signature, ./verify.js) through the webhook door
// (platform/webhook-door.js: off 404, over the cap 413, forged 401) and names the connected workspace; each teammate's
// clicks are limited per hour (platform/limits.js).
const { similarIdeas } = require(`${__hooks}/ai/hybrid.js`);
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);
const { suggestionsOf } = require(`${__hooks}/feedback/view.js`);
const { intercomConversation } = require(`${__hooks}/feedback/sources/intercom/api.js`);
const { homeCanvas, notice, MAX_QUERY } = require(`${__hooks}/feedback/sources/intercom/canvas-view.js`);
const { captureInput } = require(`${__hooks}/feedback/sources/intercom/read.js`);
const { connection } = require(`${__hooks}/feedback/sources/intercom/settings.js`);
const { canvasSignatureProblem } = require(`${__hooks}/feedback/sources/intercom/verify.js`);
const { memberOf, visibleIdeas, wantedIdeas, wordsOf } = require(`${__hooks}/feedback/sources/sidebar-ideas.js`);
const { staffByEmail } = require(`${__hooks}/feedback/sources/vendor-api.js`);
const { take } = require(`${__hooks}/platform/limits.js`);
const { refuseWebhook } = require(`${__hooks}/platform/webhook-door.js`);

/** A request carries the conversation, its contact and, on a submit, the canvas shown: 256 KB is plenty. */
const MAX_BODY_BYTES = 256 * 1024;
const FOUND = 5;
const CONVERSATION_ID = /^\d{1,24}$/;

/** The request as Intercom sent it, or { refused }: on, signed, JSON, and from the connected workspace. */
function openCanvasDoor(e) {
  const door = connection.openDoor(e, {
    vendor: 'Intercom app',
    maxBytes: MAX_BODY_BYTES,
    signatureProblem: (raw, settings) =>
      canvasSignatureProblem(
        settings.getString('client_secret'),
        String(e.request.header.get('X-Body-Signature') || ''),
        raw,
      ),
  });
  if (door.refused) return door;
  const { settings, payload } = door;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return { refused: refuseWebhook(e, 'Intercom app', 400, 'not a JSON object') };
  }
  const workspace = settings.getString('workspace_id');
  if (workspace && String(payload.workspace_id ?? payload.app_id ?? '') !== workspace) {
    return { refused: refuseWebhook(e, 'Intercom app', 403, 'a request from another workspace') };
  }
  return { settings, payload };
}

/** The contact the teammate is looking at (Canvas Kit names it contact; older versions customer). */
const contactOf = (payload) => payload.contact || payload.customer || payload.user || null;

/** The customer's email (lower case), '' when Intercom knows none. */
const emailOf = (payload) =>
  String(contactOf(payload)?.email || '')
    .trim()
    .toLowerCase()
    .slice(0, 254);

/** The conversation's id, or '' (the app can be opened where there is none). */
function conversationIdOf(payload) {
  const id = String(payload.conversation?.id ?? payload.stored_data?.conversation ?? '');
  return CONVERSATION_ID.test(id) ? id : '';
}

/** The conversation's feedback items, newest first. */
const conversationItems = (app, conversationId) =>
  conversationId
    ? app.findRecordsByFilter('feedback_items', "source = 'intercom' && external_id ~ {:prefix}", '-created', 20, 0, {
        prefix: `${conversationId}:%`,
      })
    : [];

/**
 * The canvas beside the conversation, in the staff member's language (`context.words`), with `extra` ({ said,
 * saidStyle, found, query }).
 */
function home(e, context, extra = {}) {
  const { payload, words } = context;
  const email = emailOf(payload);
  const member = memberOf(e.app, email);
  const conversationId = conversationIdOf(payload);
  const open = conversationItems(e.app, conversationId).find((item) => item.getString('status') === 'new');
  return homeCanvas(e.app, {
    words,
    customer: { email, member },
    wanted: wantedIdeas(e, member),
    suggested: open
      ? visibleIdeas(
          e,
          suggestionsOf(open).map((one) => String(one.id)),
        )
      : [],
    ...extra,
    stored: { conversation: conversationId },
  });
}

// i18n-keys: sidebarApp.*
/** The staff member the teammate is, made the request's caller; or null. */
function staffOf(e, payload) {
  const staff = staffByEmail(e.app, String(payload.admin?.email || '').slice(0, 254));
  if (staff) e.auth = staff; // ideas are seen, votes made and audits kept as this staff member, as in the inbox
  return staff;
}

/**
 * What one request works with: its settings and payload, the staff member (made the caller; null when the teammate is
 * not staff) and the words in their language (else the site's), read once for the request.
 */
function contextOf(e, door) {
  const staff = staffOf(e, door.payload);
  return { settings: door.settings, payload: door.payload, staff, words: wordsOf(e) };
}

/** POST /api/chorus/intercom/canvas/initialize: the teammate opened the app beside a conversation. */
function initializeCanvas(e) {
  const door = openCanvasDoor(e);
  if (door.refused) return door.refused;
  const context = contextOf(e, door);
  const { t } = context.words;
  if (!context.staff) return e.json(200, notice(t('notStaff', { vendor: 'Intercom' }), 'error'));
  if (!emailOf(context.payload)) return e.json(200, notice(t('noEmail')));
  return e.json(200, home(e, context));
}

/**
 * The item a link takes: the conversation's open one, else it captured now, said by the contact the teammate is
 * looking at (in a group conversation Intercom asks once per customer); { item } or { problem }.
 */
function itemToLink(e, context, post) {
  const { settings, payload, staff } = context;
  const conversationId = conversationIdOf(payload);
  const items = conversationItems(e.app, conversationId);
  const open = items.find((item) => item.getString('status') === 'new');
  if (open) return { item: open };
  const conversation = intercomConversation(e.app, settings, conversationId);
  const read = conversation ? captureInput(e.app, settings, conversation, null, staff.id) : null;
  const contact = contactOf(payload);
  const input = read && {
    ...read,
    authorEmail: emailOf(payload),
    authorName: String(contact?.name || '').slice(0, 200),
  };
  if (!input) return { problem: context.words.t('unreadable') };
  const captured = captureFeedback(e.app, input);
  if (captured.item.getString('status') === 'new') return { item: captured.item };
  // Their words already went to another idea (or were dismissed): this idea keeps its own evidence.
  return { item: captureFeedback(e.app, { ...input, externalId: `${input.externalId}:${post.id}` }).item };
}

/** A Link click: the conversation linked to idea `ideaId`, once; the canvas says what happened. */
function linkConversation(e, context, ideaId) {
  const { t } = context.words;
  const conversationId = conversationIdOf(context.payload);
  if (!conversationId) return home(e, context, { said: t('openConversation'), saidStyle: 'error' });
  const post = visibleIdeas(e, [ideaId])[0];
  if (!post) return home(e, context, { said: t('ideaGone'), saidStyle: 'error' });
  const title = post.getString('title');
  const already = conversationItems(e.app, conversationId).some(
    (item) => item.getString('status') === 'linked' && item.getString('idea') === post.id,
  );
  if (already) return home(e, context, { said: t('alreadyLinked', { title }) });
  try {
    const chosen = itemToLink(e, context, post);
    if (chosen.problem) return home(e, context, { said: chosen.problem, saidStyle: 'error' });
    const linked = require(`${__hooks}/feedback/actions.js`).linkAs(e, context.staff, chosen.item.id, post.id);
    const who = linked.item.getString('author_name') || linked.item.getString('author_email') || t('theCustomer');
    const said = linked.voted
      ? t(linked.voted.already ? 'linkedAlready' : 'linkedNow', { who, title })
      : t('linkedNoVote', { title, vendor: 'Intercom' });
    return home(e, context, { said });
  } catch (error) {
    return home(e, context, {
      said: t('notLinked', { reason: String(error?.message || error).slice(0, 200) }),
      saidStyle: 'error',
    });
  }
}

/** A search: the ideas matching the typed words (and their meaning, where a provider is configured). */
function search(e, context) {
  const query = String(context.payload.input_values?.query ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY);
  if (!query) return home(e, context, { said: context.words.t('typeToSearch') });
  const meaning = require(`${__hooks}/ai/provider.js`).isConfigured();
  const ids = similarIdeas(e.app, query, { auth: context.staff.id, staff: true, limit: FOUND, meaning }).map(
    (one) => one.id,
  );
  return home(e, context, { found: visibleIdeas(e, ids), query });
}

/** POST /api/chorus/intercom/canvas/submit: the teammate clicked a button or an idea. */
function submitCanvas(e) {
  const door = openCanvasDoor(e);
  if (door.refused) return door.refused;
  const context = contextOf(e, door);
  const { payload, staff } = context;
  const { t } = context.words;
  if (!staff) {
    e.app
      .logger()
      .warn(
        'Intercom app: a teammate who is not Chorus staff was refused',
        'admin',
        String(payload.admin?.id ?? '').slice(0, 40),
      );
    return e.json(200, notice(t('notStaff', { vendor: 'Intercom' }), 'error'));
  }
  if (take('intercom-canvas', staff.id)) {
    return e.json(200, notice(t('tooMany'), 'error'));
  }
  if (!emailOf(payload)) return e.json(200, notice(t('noEmail')));
  const component = String(payload.component_id ?? '');
  if (component === 'query' || component === 'search') return e.json(200, search(e, context));
  const link = /^link:([a-z0-9]{15})$/.exec(component);
  if (link) return e.json(200, linkConversation(e, context, link[1]));
  return e.json(200, home(e, context));
}

module.exports = { initializeCanvas, submitCanvas };

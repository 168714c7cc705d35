// Per-target limits PocketBase's IP rate limiter cannot express: fixed-window counters in the app store,
// keyed by account, recipient address or member, so one abuser is throttled wherever they connect from.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
const PREFIX = 'chorus:limit:';
const TOO_MANY = refusalText('tooManyAttempts');

/** The numbers: how many per window (seconds). A real person never reaches them. */
const LIMITS = {
  // wrong passwords per account from one client address, and per account from all addresses together: a
  // slower brake than one address can reach alone (6 windows of 10 an hour), so one stranger cannot lock the
  // owner out and a botnet still gets few guesses. Any sign-in to the account starts both over.
  password: { max: 10, window: 600 },
  'password-account': { max: 100, window: 3600 },
  // an address the account signed in from: exempt from the per-account brake (pb_hooks/auth/auth-limits.js)
  'known-address': { max: 0, window: 30 * 24 * 3600 },
  // when a sign-in that proves the owner (code, OAuth2, SSO, reset) last cleared every address's count: as
  // long as the counters it outdates live
  'password-cleared': { max: 0, window: 600 },
  // emails per recipient address, per kind
  otp: { max: 5, window: 900 },
  'password-reset': { max: 5, window: 900 },
  verification: { max: 5, window: 900 },
  'email-change': { max: 5, window: 900 },
  // notices to the holder of an address someone tried to sign up with, or move an account to (account/taken-email.js)
  'taken-email': { max: 3, window: 3600 },
  // records created per member, per collection
  posts: { max: 20, window: 600 },
  comments: { max: 40, window: 600 },
  votes: { max: 200, window: 600 },
  reactions: { max: 200, window: 600 },
  subscriptions: { max: 200, window: 600 },
  // reports of ideas and comments (pb_hooks/moderation/reports.pb.js): a member reports a handful, never a flood
  reports: { max: 20, window: 3600 },
  // customers looked up by email, per staff member (votes on behalf, account/staff-lookup.js): a busy
  // support day, never a sweep of addresses
  'staff-lookup': { max: 120, window: 3600 },
  // questions staff send to an idea's voters, per staff member (pb_hooks/asks/ask.pb.js)
  questions: { max: 10, window: 3600 },
  // changelog subscription requests per client address (pb_hooks/changelog/changelog-subscribers.pb.js)
  'changelog-subscribe': { max: 10, window: 3600 },
  // downloads of one member's data (pb_hooks/account/account.pb.js), per member; wrong proofs of a fresh sign-in
  'data-export': { max: 3, window: 3600 },
  'fresh-signin': { max: 10, window: 600 },
  // mention suggestions per caller (pb_hooks/comments/mentions.pb.js): one per keystroke after the typing pause
  mentionable: { max: 120, window: 60 },
  // inbound emails (ideas and replies) per sender address (pb_hooks/inbound-email/receive.js)
  'inbound-email': { max: 30, window: 3600 },
  // "Did you send this?" links mailed to one address for messages not authenticated for it
  // (inbound-email/pending.js): a forger reaches their victim's inbox a few times a day at most
  'inbound-confirm': { max: 3, window: 24 * 3600 },
  // messages sent to the feedback inbox from Slack per Slack user (the shortcut's runner, a channel message's
  // author; feedback/sources/slack/receive.js): a busy triage hour, never a flood
  'slack-capture': { max: 60, window: 3600 },
  // tickets captured from Zendesk per ticket requester (feedback/sources/zendesk/read.js): a trigger that tags every
  // ticket of one customer fills no inbox, and past it nothing more is read from Zendesk for them
  'zendesk-capture': { max: 60, window: 3600 },
  // conversations captured from Intercom per contact (feedback/sources/intercom/read.js), as Zendesk's per requester
  'intercom-capture': { max: 60, window: 3600 },
  // an Intercom notification id, taken once (feedback/sources/intercom/receive.js): Intercom sends no timestamp
  // header, so a replayed notification is known by its id for as long as its signed created_at is accepted, and more
  'intercom-notification': { max: 1, window: 2 * 3600 },
  // clicks in Intercom's inbox app per teammate (feedback/sources/intercom/canvas.js): each search or link reads
  // Chorus (and may read Intercom's API); a busy support hour, never a script
  'intercom-canvas': { max: 120, window: 3600 },
  // requests of Zendesk's ticket sidebar app per agent (feedback/sources/zendesk/app.js): each opening, search or
  // link reads Zendesk's API and Chorus; a busy support hour, never a script
  'zendesk-app': { max: 120, window: 3600 },
  // downloads of Zendesk's sidebar app package per client address (feedback/sources/zendesk/app-package.js): an admin
  // downloads it once per install or update; the route is public
  'zendesk-app-package': { max: 20, window: 3600 },
  // members made for unknown senders, per board: addresses are easy to vary, a board's queue is not endless
  'inbound-new-member': { max: 100, window: 3600 },
  // searches that found nothing, recorded for staff insight per client address (insights-report/search-misses.js)
  'search-miss': { max: 30, window: 600 },
  // similar ideas by meaning per client address (pb_hooks/duplicates/similar.pb.js): each costs a call to the AI provider;
  // past it the suggestions come from words alone until the window ends
  'similar-meaning': { max: 60, window: 60 },
  // HubSpot's "sync now" per admin (customers/hubspot/full-sync.js): each run reads every company from HubSpot
  'hubspot-sync': { max: 10, window: 3600 },
};

const keyOf = (name, who) => `${PREFIX}${name}:${String(who).toLowerCase()}`;

/** Counts one attempt against `name`/`who`: 0 when it is allowed, else the seconds until its window ends. */
function take(name, who) {
  const limit = LIMITS[name];
  if (!limit || !who) return 0;
  const now = Math.floor(Date.now() / 1000);
  let count = 0;
  let start = now;
  // SetFunc runs under the store's lock, so parallel requests cannot all slip through.
  $app.store().setFunc(keyOf(name, who), (old) => {
    const [was, used] = String(old || '0:0')
      .split(':')
      .map(Number);
    const fresh = now - was >= limit.window;
    count = fresh ? 1 : used + 1;
    start = fresh ? now : was;
    return `${start}:${count}:${limit.window}`;
  });
  return count > limit.max ? Math.max(1, start + limit.window - now) : 0;
}

/** Counts one attempt against `name`/`who`; throws a 429 when the window's allowance is spent. */
function spend(name, who) {
  if (take(name, who)) throw new TooManyRequestsError(TOO_MANY, {});
}

/** Forgets the attempts counted against `name`/`who` (a correct password, say). */
function forgive(name, who) {
  $app.store().remove(keyOf(name, who));
}

/** Notes `who` under `name` for the name's window, without counting anything against it. */
function remember(name, who) {
  $app.store().set(keyOf(name, who), `${Math.floor(Date.now() / 1000)}:${Date.now()}:${LIMITS[name].window}`);
}

/** When `who` was last noted under `name` (seconds), or 0 once its window has ended or it never was. */
function rememberedSince(name, who) {
  const [start, , window] = String($app.store().get(keyOf(name, who)) || '0:0:0')
    .split(':')
    .map(Number);
  return Math.floor(Date.now() / 1000) - start < window ? start : 0;
}

/**
 * The exact moment (ms) `who` was last noted under `name`, or 0 once its window has ended or it never was:
 * unlike the second, it changes at every noting, even two in one second (a key part that must start over).
 */
function rememberedMark(name, who) {
  const [start, mark, window] = String($app.store().get(keyOf(name, who)) || '0:0:0')
    .split(':')
    .map(Number);
  return Math.floor(Date.now() / 1000) - start < window ? mark : 0;
}

/** Drops the counters whose window has ended, so the store does not grow with every address tried. */
function dropExpired() {
  const now = Math.floor(Date.now() / 1000);
  const all = $app.store().getAll();
  for (const key in all) {
    if (key.indexOf(PREFIX) !== 0) continue;
    const [start, , window] = String(all[key]).split(':').map(Number);
    if (now - start >= window) $app.store().remove(key);
  }
}

module.exports = { take, spend, forgive, remember, rememberedSince, rememberedMark, dropExpired, LIMITS, TOO_MANY };

// Visitors' changelog subscriptions: the address check, the signed links (confirm, unsubscribe), and the
// per-recipient brake on confirmation emails. Links are JWTs signed with the row's own token_key and a
// server secret, so changing the key revokes every link of that row and nobody can forge one.
const CONFIRM_SECONDS = 7 * 24 * 3600;
const UNSUBSCRIBE_SECONDS = 5 * 365 * 24 * 3600;
// At most this many confirmation emails to one address, whoever asks: one an hour, three a day.
const PER_RECIPIENT = { gapSeconds: 3600, perDay: 3 };
const MAX_EMAIL = 254;
// A dot-atom local part (RFC 5322's plain characters, no spaces, quotes, brackets, commas or control
// characters), one @, a dotted domain: what a mailbox provider accepts, and nothing a header or template
// could be bent with.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,63}$/;

/** The address as stored (trimmed, lower-case), or '' when it is not one we would mail. */
function normalizeEmail(value) {
  if (typeof value !== 'string' || value.length > MAX_EMAIL) return '';
  const email = value.trim().toLowerCase();
  return email.length <= MAX_EMAIL && EMAIL.test(email) ? email : '';
}

function signingKey(app, row) {
  return `${row.getString('token_key')}${app.findCachedCollectionByNameOrId('users').authToken.secret}changelog-emails`;
}

function createLinkToken(app, row, type) {
  const seconds = type === 'changelog-confirm' ? CONFIRM_SECONDS : UNSUBSCRIBE_SECONDS;
  return $security.createJWT({ type, id: row.id }, signingKey(app, row), seconds);
}

/** The subscriber a genuine `type` token names; throws for a forged, tampered, expired or revoked one. */
function readLinkToken(app, token, type) {
  if (typeof token !== 'string' || token.length > 2000) throw new Error('bad token');
  const claims = $security.parseUnverifiedJWT(token);
  if (claims.type !== type || typeof claims.id !== 'string') throw new Error('bad token');
  const row = app.findRecordById('changelog_subscribers', claims.id);
  $security.parseJWT(token, signingKey(app, row));
  return row;
}

const newTokenKey = () => $security.randomString(50);
const { dateString } = require(`${__hooks}/platform/dates.js`);
const msOf = (row, field) => (row.getString(field) ? row.getDateTime(field).unix() * 1000 : 0);

/** Counts one confirmation email against the row's brake; false when the address had its share. */
function mayEmailConfirmation(row, now) {
  if (now - msOf(row, 'confirm_last_at') < PER_RECIPIENT.gapSeconds * 1000) return false;
  const dayStart = msOf(row, 'confirm_day_start');
  const sameDay = now - dayStart < 24 * 3600 * 1000;
  const count = sameDay ? row.getInt('confirm_day_count') : 0;
  if (count >= PER_RECIPIENT.perDay) return false;
  row.set('confirm_last_at', dateString(now));
  row.set('confirm_day_start', dateString(sameDay ? dayStart : now));
  row.set('confirm_day_count', count + 1);
  return true;
}

/**
 * Asks for release emails to `email` in `locale`: a new or not yet confirmed (or unsubscribed) address gets a
 * confirmation email queued, within its brake; a confirmed one is left as it is. The caller answers the same
 * whatever happened here, so nobody learns whether an address is subscribed.
 * Returns true when a confirmation email was queued.
 */
function requestSubscription(app, email, locale) {
  // Read and written in one transaction (it begins IMMEDIATE, holding the write lock from its read): read outside
  // one, a row loaded just before the mailer cleared confirm_pending was saved back with it set, and a second
  // confirmation went out (seen in a full run: two emails for four requests in a row).
  let queued = false;
  app.runInTransaction((txApp) => {
    let row;
    try {
      row = txApp.findFirstRecordByData('changelog_subscribers', 'email', email);
    } catch {
      row = new Record(txApp.findCachedCollectionByNameOrId('changelog_subscribers'));
      row.set('email', email);
      row.set('token_key', newTokenKey());
    }
    const active = row.getString('confirmed_at') && !row.getBool('unsubscribed');
    if (active) return;
    row.set('locale', locale);
    queued = mayEmailConfirmation(row, Date.now());
    if (queued) row.set('confirm_pending', true);
    txApp.save(row);
  });
  return queued;
}

/** Confirms the row a genuine confirm token names; its links change (the confirm link is used up). */
function confirmSubscription(app, token) {
  const row = readLinkToken(app, token, 'changelog-confirm');
  row.set('confirmed_at', dateString(Date.now()));
  row.set('unsubscribed', false);
  row.set('token_key', newTokenKey());
  app.save(row);
  return row;
}

/** Unsubscribes the row a genuine unsubscribe token names; every link sent to it stops working. */
function unsubscribe(app, token) {
  const row = readLinkToken(app, token, 'changelog-unsubscribe');
  row.set('unsubscribed', true);
  row.set('confirm_pending', false);
  row.set('token_key', newTokenKey());
  app.save(row);
  return row;
}

/**
 * The routes of an email's two links: `act` on the token the body carries, answered 200 with `answer`; a link
 * that is forged, expired or used up is refused in the reader's language.
 */
function followLink(e, act, answer) {
  try {
    act(e.app, String(e.requestInfo().body.token || ''));
  } catch {
    throw new BadRequestError(require(`${__hooks}/platform/refusals.js`).refusalText('changelogLinkInvalid'));
  }
  return e.json(200, answer);
}
const confirmByLink = (e) => followLink(e, confirmSubscription, { confirmed: true });
const unsubscribeByLink = (e) => followLink(e, unsubscribe, { unsubscribed: true });

module.exports = {
  PER_RECIPIENT,
  MAX_EMAIL,
  normalizeEmail,
  createLinkToken,
  readLinkToken,
  requestSubscription,
  confirmSubscription,
  unsubscribe,
  confirmByLink,
  unsubscribeByLink,
};

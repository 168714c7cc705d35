// The one door (issue 55): every way a person or their words get into Chorus (the web and the widget through
// PocketBase's API, API keys, single sign-on, email) asks the same checks here, so no way in is a side door:
// closed sign-ups, Turnstile, blocked members, spam holds, staff-name reservation and per-member rate limits.
// Each way answers a refusal its own way (a 4xx, a bounce, an SSO code); what is refused is decided once.
// The table of ways × checks is proved in tests/integration/access/one-door.test.ts.
const { imitatesStaff } = require(`${__hooks}/account/staff-names.js`);

/** The ways in, as the audit log and the test table name them. */
const WAYS = ['web', 'widget', 'api', 'sso', 'email'];

/** The site's switch: may people make their own account (sign up)? Single sign-on is the team's app vouching. */
function signupsOpen(app) {
  const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
  return Boolean(site?.getBool('allow_signups'));
}

/** Why no new account may be made for a person arriving by `way` ('' when one may). */
function newAccountRefusal(app, way) {
  if (way === 'sso') return '';
  return signupsOpen(app) ? '' : 'sign-ups are closed';
}

/** `name`, or `fallback` when it would pass for a staff member's (ways that name a person without a form). */
function nameFor(app, name, fallback, exceptId = '') {
  const wanted = String(name || '').trim();
  if (wanted && !imitatesStaff(app, wanted, exceptId)) return wanted;
  const other = String(fallback || '').trim();
  return other && !imitatesStaff(app, other, exceptId) ? other : 'Member';
}

/** A member who may write nothing: blocked, or deleted. */
function shutOut(member) {
  return !member || member.getBool('blocked') || Boolean(member.getString('deleted_at'));
}

/**
 * Why `member`'s new idea or comment text waits for review ('' when it does not): the spam rules of
 * moderation/ (blocked words and domains for anyone, links in a new member's first words). Staff never wait.
 */
function holdFor(app, member, text, firstOnly = true) {
  const { holdReason } = require(`${__hooks}/moderation/hold-rules.js`);
  const { guardOf, isNewMember } = require(`${__hooks}/moderation/hold.js`);
  const { isActiveStaffUser } = require(`${__hooks}/platform/access.js`);
  if (!member || isActiveStaffUser(member)) return '';
  return holdReason(text, guardOf(app), firstOnly && isNewMember(app, member.id));
}

/** Counts one `collection` create against a member's allowance (staff and the operator are not counted). */
function spendCreate(collection, member) {
  const role = member ? member.getString('role') : 'operator';
  if (role === 'member' || role === '') require(`${__hooks}/platform/limits.js`).spend(collection, member.id);
}

/** The text a record shows: an idea's title and body, a comment's body. */
const textOf = (record) => `${record.getString('title')}\n${record.getString('body')}`;

/**
 * On a member's create request (web, widget, API: posts.pb.js, holds.pb.js): sets held_for (the server's alone;
 * staff and the operator are never held) and returns it; a held idea is unapproved, a held comment hidden.
 * `firstOnly` false checks the blocked lists only (an edit of something already published).
 */
function markHold(e, firstOnly = true) {
  const { memberOf } = require(`${__hooks}/platform/access.js`);
  if (e.hasSuperuserAuth()) return e.record.getString('held_for');
  const reason = holdFor(e.app, memberOf(e), textOf(e.record), firstOnly);
  e.record.set('held_for', reason);
  return reason;
}

module.exports = { WAYS, signupsOpen, newAccountRefusal, nameFor, shutOut, holdFor, markHold, spendCreate };

/// <reference path="../../pb_data/types.d.ts" />
// Email preferences: new accounts are opted in (instant) unless the request chose otherwise; only the member
// themselves (and superusers) read them (they are hidden fields); a signed link turns one kind off without
// signing in, from the settings page or in one click from a mail app (RFC 8058). Each kind has a frequency
// (instant, daily, weekly, off) and the old on/off switch, kept in step whichever of the two is written.

onRecordCreateRequest((e) => {
  const { PREFERENCES, FREQUENCY_OF } = require(`${__hooks}/notifications/unsubscribe.js`);
  const { EXPLICIT_PREFERENCES_MARK, TIME_ZONE_MARK } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
  const body = e.requestInfo().body;
  const chosen = PREFERENCES.some((name) => body[name] !== undefined || body[FREQUENCY_OF[name]] !== undefined);
  if (chosen) e.record.set(EXPLICIT_PREFERENCES_MARK, true);
  // The sign-up form sends the browser's time zone as browser_time_zone (PocketBase drops hidden fields such
  // as time_zone from a member's request): kept when the server knows it, else UTC; never a reason to refuse
  // the sign-up.
  const { isTimeZone } = require(`${__hooks}/notifications/digest-preferences.js`);
  const zone = body.browser_time_zone;
  if (typeof zone === 'string' && zone !== 'UTC' && isTimeZone(zone)) e.record.set(TIME_ZONE_MARK, zone);
  e.next();
}, 'users');

// Every way an account is made (sign-up, OAuth2, vote on behalf, admin UI) passes here.
onRecordCreate((e) => {
  const { PREFERENCES, FREQUENCIES, FREQUENCY_OF } = require(`${__hooks}/notifications/unsubscribe.js`);
  const { EXPLICIT_PREFERENCES_MARK, TIME_ZONE_MARK } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
  const explicit = e.record.get(EXPLICIT_PREFERENCES_MARK);
  const zone = e.record.get(TIME_ZONE_MARK); // from the sign-up request, checked there
  if (zone) e.record.set('time_zone', zone);
  for (const name of PREFERENCES) {
    const field = FREQUENCY_OF[name];
    if (!explicit) e.record.set(name, true);
    if (!FREQUENCIES.includes(e.record.getString(field)))
      e.record.set(field, e.record.getBool(name) ? 'instant' : 'off');
    e.record.set(name, e.record.getString(field) !== 'off');
  }
  e.next();
}, 'users');

// A written frequency sets the switch; a written switch (older clients, the admin UI) sets the frequency:
// on keeps a digest frequency, or becomes instant. Choosing daily or weekly starts that digest's period now,
// so its first digest tells only what happened after the choice.
onRecordUpdate((e) => {
  const { PREFERENCES, FREQUENCY_OF } = require(`${__hooks}/notifications/unsubscribe.js`);
  const before = e.record.original();
  const uses = (record, frequency) => PREFERENCES.some((name) => record.getString(FREQUENCY_OF[name]) === frequency);
  const wasUsing = { daily: uses(before, 'daily'), weekly: uses(before, 'weekly') };
  for (const name of PREFERENCES) {
    const field = FREQUENCY_OF[name];
    const frequency = e.record.getString(field);
    if (frequency !== before.getString(field)) e.record.set(name, frequency !== 'off');
    else if (e.record.getBool(name) !== before.getBool(name)) {
      e.record.set(field, e.record.getBool(name) ? (frequency && frequency !== 'off' ? frequency : 'instant') : 'off');
    }
  }
  const now = new DateTime();
  if (!wasUsing.daily && uses(e.record, 'daily')) e.record.set('digest_daily_at', now);
  if (!wasUsing.weekly && uses(e.record, 'weekly')) e.record.set('digest_weekly_at', now);
  e.next();
}, 'users');

// GET /api/chorus/preferences — the signed-in member's own email preferences (hidden fields, so they are
// in no record response, and PocketBase ignores them in non-superuser record writes).
// POST /api/chorus/preferences { email_on_…: boolean, …_emails: 'instant'|'daily'|'weekly'|'off',
// time_zone: IANA name or '' (UTC) } — changes them (active members only).
// Response of both: { email_on_comment, email_on_status, email_on_release, comment_emails, status_emails,
// release_emails, time_zone }.
routerAdd(
  'GET',
  '/api/chorus/preferences',
  (e) => {
    const { preferencesOf } = require(`${__hooks}/notifications/digest-preferences.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    if (e.auth.collection().name !== 'users') throw new ForbiddenError(refusalText('membersOnlyPreferences'));
    return e.json(200, preferencesOf(e.auth));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'POST',
  '/api/chorus/preferences',
  (e) => {
    const { preferencesOf, applyPreferences } = require(`${__hooks}/notifications/digest-preferences.js`);
    const { requireActiveMember } = require(`${__hooks}/platform/staff.js`);
    const user = e.app.findRecordById('users', requireActiveMember(e).id);
    applyPreferences(user, e.requestInfo().body);
    e.app.save(user);
    return e.json(200, preferencesOf(user));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

// POST /api/chorus/unsubscribe { token } or ?token=… (the one-click link mail apps POST to, body
// "List-Unsubscribe=One-Click", RFC 8058) — turns off what the token names, without signing in.
// Response: { preference, user: <id> }. POST only, so link scanners fetching the page change nothing.
// A forged or altered token is refused and changes nothing.
routerAdd(
  'POST',
  '/api/chorus/unsubscribe',
  (e) => {
    const { readUnsubscribeToken, applyUnsubscribe } = require(`${__hooks}/notifications/unsubscribe.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    const body = e.requestInfo().body;
    const token = String((typeof body.token === 'string' && body.token) || e.request.url.query().get('token') || '');
    let found;
    try {
      found = readUnsubscribeToken(e.app, token);
      e.app.runInTransaction((txApp) => applyUnsubscribe(txApp, found));
    } catch {
      throw new BadRequestError(refusalText('unsubscribeLinkInvalid'));
    }
    return e.json(200, { preference: found.preference, user: found.user.id });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

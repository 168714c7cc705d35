/// <reference path="../pb_data/types.d.ts" />
// Email preferences: new accounts are opted in unless the request chose otherwise; only the member
// themselves (and superusers) read them (they are hidden fields); a signed link turns one kind off without signing in.

onRecordCreateRequest((e) => {
  const { PREFERENCES } = require(`${__hooks}/lib/unsubscribe.js`);
  const body = e.requestInfo().body;
  if (PREFERENCES.some((name) => body[name] !== undefined)) e.record.set('chorus_explicit_preferences', true);
  e.next();
}, 'users');

// Every way an account is made (sign-up, OAuth2, vote on behalf, admin UI) passes here.
onRecordCreate((e) => {
  const { PREFERENCES } = require(`${__hooks}/lib/unsubscribe.js`);
  if (!e.record.get('chorus_explicit_preferences')) for (const name of PREFERENCES) e.record.set(name, true);
  e.next();
}, 'users');

// GET /api/chorus/preferences — the signed-in member's own email preferences (hidden fields, so they are
// in no record response, and PocketBase ignores them in non-superuser record writes).
// POST /api/chorus/preferences { email_on_…: boolean } — changes them (active members only).
// Response of both: { email_on_comment, email_on_status, email_on_release }.
routerAdd(
  'GET',
  '/api/chorus/preferences',
  (e) => {
    const { PREFERENCES } = require(`${__hooks}/lib/unsubscribe.js`);
    const { refusalText } = require(`${__hooks}/lib/refusals.js`);
    if (e.auth.collection().name !== 'users') throw new ForbiddenError(refusalText('membersOnlyPreferences'));
    return e.json(200, Object.fromEntries(PREFERENCES.map((name) => [name, e.auth.getBool(name)])));
  },
  $apis.requireAuth('users'),
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/preferences',
  (e) => {
    const { PREFERENCES } = require(`${__hooks}/lib/unsubscribe.js`);
    const { requireActiveMember } = require(`${__hooks}/lib/staff.js`);
    const { refusalText, fieldRefusal } = require(`${__hooks}/lib/refusals.js`);
    const user = e.app.findRecordById('users', requireActiveMember(e).id);
    const body = e.requestInfo().body;
    for (const name of PREFERENCES) {
      if (body[name] === undefined) continue;
      if (typeof body[name] !== 'boolean')
        throw new BadRequestError(refusalText('preferencesAreBooleans'), {
          [name]: fieldRefusal('validation_not_boolean', 'notBoolean'),
        });
      user.set(name, body[name]);
    }
    e.app.save(user);
    return e.json(200, Object.fromEntries(PREFERENCES.map((name) => [name, user.getBool(name)])));
  },
  $apis.requireAuth('users'),
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);

// POST /api/chorus/unsubscribe { token } — turns off the preference the token names.
// Response: { preference, user: <id> }. POST only, so link scanners fetching the page change nothing.
routerAdd(
  'POST',
  '/api/chorus/unsubscribe',
  (e) => {
    const { readUnsubscribeToken } = require(`${__hooks}/lib/unsubscribe.js`);
    const { refusalText } = require(`${__hooks}/lib/refusals.js`);
    const token = String(e.requestInfo().body.token || e.request.url.query().get('token') || '');
    let found;
    try {
      found = readUnsubscribeToken(e.app, token);
    } catch {
      throw new BadRequestError(refusalText('unsubscribeLinkInvalid'));
    }
    found.user.set(found.preference, false);
    e.app.save(found.user);
    return e.json(200, { preference: found.preference, user: found.user.id });
  },
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);

/// <reference path="../pb_data/types.d.ts" />
// Email preferences: new accounts are opted in unless the request chose otherwise; only the member
// themselves (and superusers) see them; a signed link turns one kind off without signing in.

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

onRecordEnrich((e) => {
  const { PREFERENCES } = require(`${__hooks}/lib/unsubscribe.js`);
  const auth = e.requestInfo?.auth;
  const self = auth && auth.collection().name === 'users' && auth.id === e.record.id;
  if (!self && !e.requestInfo?.hasSuperuserAuth()) e.record.hide(...PREFERENCES);
  e.next();
}, 'users');

// POST /api/chorus/unsubscribe { token } — turns off the preference the token names.
// Response: { preference, user: <id> }. POST only, so link scanners fetching the page change nothing.
routerAdd('POST', '/api/chorus/unsubscribe', (e) => {
  const { readUnsubscribeToken } = require(`${__hooks}/lib/unsubscribe.js`);
  const token = String(e.requestInfo().body.token || e.request.url.query().get('token') || '');
  let found;
  try {
    found = readUnsubscribeToken(e.app, token);
  } catch {
    throw new BadRequestError('This unsubscribe link is not valid any more.');
  }
  found.user.set(found.preference, false);
  e.app.save(found.user);
  return e.json(200, { preference: found.preference, user: found.user.id });
});

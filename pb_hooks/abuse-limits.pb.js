/// <reference path="../pb_data/types.d.ts" />
// Throttles abuse aimed at one target: wrong passwords per account, emails per recipient, creates per member.
// (PocketBase's own limiter, switched on by a migration, throttles per client address.)

// Sign-in attempts per account and emails per recipient, counted before PocketBase looks the address up,
// so a throttled answer says nothing about whether the account exists.
routerUse((e) => {
  const match = e.request.method === 'POST' && e.request.url.path.match(/^\/api\/collections\/[^/]+\/([a-z-]+)$/);
  const action = match ? match[1] : null;
  if (
    action !== 'auth-with-password' &&
    !/^request-(otp|password-reset|verification|email-change)$/.test(action || '')
  ) {
    return e.next();
  }
  const { spend, forgive } = require(`${__hooks}/lib/limits.js`);
  const body = e.requestInfo().body;
  if (action === 'auth-with-password') {
    const identity = String(body.identity || '');
    spend('password', identity);
    e.next();
    forgive('password', identity);
    return;
  }
  const kind = action.slice('request-'.length);
  spend(kind, kind === 'email-change' ? body.newEmail : body.email);
  e.next();
});

onRecordCreateRequest(
  (e) => {
    if (e.auth && !e.hasSuperuserAuth()) {
      const role = e.auth.getString('role');
      if (role !== 'moderator' && role !== 'admin') {
        require(`${__hooks}/lib/limits.js`).spend(e.collection.name, e.auth.id);
      }
    }
    e.next();
  },
  'posts',
  'comments',
  'votes',
  'reactions',
  'subscriptions',
);

cronAdd('chorusDropExpiredLimits', '*/10 * * * *', () => {
  require(`${__hooks}/lib/limits.js`).dropExpired();
});

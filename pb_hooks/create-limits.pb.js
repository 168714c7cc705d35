/// <reference path="../pb_data/types.d.ts" />
// Creates per member (staff and the operator are not counted), whatever address they post from. Sign-in attempts and emails are counted in
// request-guards.pb.js; PocketBase's own limiter (switched on by a migration) counts per client address.

onRecordCreateRequest(
  (e) => {
    const role = e.auth && e.auth.collection().name === 'users' ? e.auth.getString('role') : 'operator';
    if (role === 'member' || role === '') require(`${__hooks}/lib/limits.js`).spend(e.collection.name, e.auth.id);
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

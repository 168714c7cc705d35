/// <reference path="../../pb_data/types.d.ts" />
// Creates per member (staff and the operator are not counted), whatever address they post from; new ideas'
// and comments' images are checked here too, so each create pays one JS hook. Sign-in attempts and emails
// are counted in auth-limits.pb.js; PocketBase's own limiter (a migration) counts per client address.
onRecordCreateRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const name = e.collection.name;
      if (require(`${__hooks}/platform/images/image-fields.js`).hasNewImages(e.record)) {
        require(`${__hooks}/platform/images/image-uploads.js`).checkImageUploads(e);
      }
      const member = e.auth && e.auth.collection().name === 'users' ? e.auth : null;
      require(`${__hooks}/platform/door.js`).spendCreate(name, member);
      e.next();
    }),
  'posts',
  'comments',
  'votes',
  'reactions',
  'subscriptions',
  'reports',
);

cronAdd('chorusDropExpiredLimits', '*/10 * * * *', () => {
  require(`${__hooks}/platform/limits.js`).dropExpired();
});

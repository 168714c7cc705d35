/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/import/dates — superusers only. Sets the `created` date of imported records
// (ideas and comments brought over from another feedback tool, or the demo seed), which the API
// otherwise never lets anyone set. Ideas get their trending score recomputed for the new age.
// Body: { items: [{ collection: 'posts' | 'comments' | 'changelog_entries', id, created: ISO date }] }
// Response: { updated: number }
routerAdd(
  'POST',
  '/api/chorus/import/dates',
  (e) => {
    const { recountPost } = require(`${__hooks}/ideas/counters.js`);
    const allowed = ['posts', 'comments', 'changelog_entries'];
    const items = e.requestInfo().body.items;
    if (!Array.isArray(items) || items.length > 1000) {
      throw new BadRequestError('Send { items: [...] } with at most 1000 items.');
    }
    let updated = 0;
    e.app.runInTransaction((txApp) => {
      for (const item of items) {
        const date = new Date(String(item?.created ?? ''));
        if (!allowed.includes(item?.collection) || Number.isNaN(date.getTime()) || date.getTime() > Date.now()) {
          throw new BadRequestError('Each item needs an allowed collection, an id and a past ISO date.');
        }
        const result = txApp
          .db()
          .newQuery(`UPDATE ${item.collection} SET created = {:created} WHERE id = {:id}`)
          .bind({ created: require(`${__hooks}/platform/dates.js`).dateString(date), id: String(item.id) })
          .execute();
        updated += result.rowsAffected();
        if (item.collection === 'posts') recountPost(txApp, String(item.id));
      }
    });
    return e.json(200, { updated });
  },
  $apis.requireSuperuserAuth(),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

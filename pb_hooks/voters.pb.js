/// <reference path="../pb_data/types.d.ts" />
// GET /api/chorus/posts/{id}/voters?page=&perPage= — the public list of who voted for an idea,
// for whoever may see the idea: ids, names and avatars only (never emails), oldest vote first; votes that count
// only (a vote held until its member confirms their email is not shown, lib/ideas/counted.js). The total is the idea's
// vote_count, not a count of its votes (issue 35: no count of a table's rows on a hot path).
// The votes collection itself stays private to each voter, so realtime never broadcasts voters.
// Response: { page, perPage, totalItems, items: [{ id, collectionId, collectionName, name, avatar, avatar_url }] }
routerAdd(
  'GET',
  '/api/chorus/posts/{id}/voters',
  (e) => {
    const { readPaging } = require(`${__hooks}/lib/paging.js`);
    const { refusalText } = require(`${__hooks}/lib/refusals.js`);
    let post;
    try {
      post = e.app.findRecordById('posts', e.request.pathValue('id'));
    } catch {
      throw new NotFoundError(refusalText('ideaNotFound'));
    }
    if (!e.app.canAccessRecord(post, e.requestInfo(), post.collection().viewRule)) {
      throw new NotFoundError(refusalText('ideaNotFound'));
    }
    const { page, perPage, offset } = readPaging(e, 100, 500);
    const users = e.app.findCachedCollectionByNameOrId('users');
    const rows = arrayOf(new DynamicModel({ id: '', name: '', avatar: '', avatar_url: '' }));
    e.app
      .db()
      .newQuery(
        'SELECT u.id AS id, u.name AS name, u.avatar AS avatar, u.avatar_url AS avatar_url FROM votes v JOIN users u ON u.id = v.user ' +
          'WHERE v.post = {:post} AND v.counted = TRUE ORDER BY v.created, v.id LIMIT {:limit} OFFSET {:offset}',
      )
      .bind({ post: post.id, limit: perPage, offset })
      .all(rows);
    // The idea's own count of the votes that count (kept in each vote's transaction by
    // server/cmd/pocketbase/votes.go): a count of the rows walked all of a popular idea's votes on every request
    // (8 ms at 80,000 votes).
    return e.json(200, {
      page,
      perPage,
      totalItems: post.getInt('vote_count'),
      items: rows.map((row) => ({
        id: row.id,
        collectionId: users.id,
        collectionName: users.name,
        name: row.name,
        avatar: row.avatar,
        avatar_url: row.avatar_url,
      })),
    });
  },
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);

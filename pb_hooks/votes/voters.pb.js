/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/posts/{id}/voters?page=&perPage= — the public list of who voted for an idea,
// for whoever may see the idea: ids, names and avatars only (never emails), oldest vote first; votes that count
// only (a vote held until its member confirms their email is not shown, votes/counted.js). The total is the idea's
// vote_count, not a count of its votes (issue 35: no count of a table's rows on a hot path).
// The votes collection itself stays private to each voter, so realtime never broadcasts voters.
// With ?mine=1 the response also carries `mine`: the signed-in caller's own vote and follow ids and the question
// staff sent them that they have not answered (votes/viewer-own.js; null for a visitor): the idea page reads a
// member's own state in the request it makes for the voters anyway.
// Response: { page, perPage, totalItems, items: [{ id, collectionId, collectionName, name, avatar, avatar_url }],
//   mine?: { vote, subscription, question } | null }
routerAdd(
  'GET',
  '/api/chorus/posts/{id}/voters',
  (e) => {
    const { readPaging } = require(`${__hooks}/platform/paging.js`);
    const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
    const { page, perPage, offset } = readPaging(e, 100, 500);
    const { CARD_COLUMNS, cardsBySql } = require(`${__hooks}/platform/user-cards.js`);
    const items = cardsBySql(
      e.app,
      `SELECT ${CARD_COLUMNS} FROM votes v JOIN users u ON u.id = v.user ` +
        'WHERE v.post = {:post} AND v.counted = TRUE ORDER BY v.created, v.id LIMIT {:limit} OFFSET {:offset}',
      { post: post.id, limit: perPage, offset },
    );
    // The idea's own count of the votes that count (kept in each vote's transaction by
    // server/cmd/pocketbase/votes.go): a count of the rows walked all of a popular idea's votes on every request
    // (8 ms at 80,000 votes).
    const body = { page, perPage, totalItems: post.getInt('vote_count'), items };
    if (e.request.url.query().get('mine') === '1') {
      body.mine = require(`${__hooks}/votes/viewer-own.js`).viewerOwn(e, post);
    }
    return e.json(200, body);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/own-votes?posts=<id>,<id>… (issue 59): the signed-in member's votes on the ideas named (at most
// OWN_POSTS_MOST, src/contract/own-state.ts), for an idea a page shows after its session refresh brought the others'
// (a live card, an idea found while writing one), and for a page catching up after its connection came back. Only the
// caller's own votes, as the votes list rule shows them; an id that is no idea's, or an idea not voted, has none.
// Named ideas, not every vote of theirs: a member who voted on a whole board costs a page what anyone costs.
// Answer: { posts: [the ids read], votes: [{ id, post, counted }] }.
routerAdd(
  'GET',
  '/api/chorus/own-votes',
  (e) => {
    const keys = require(`${__hooks}/api-keys/api-keys.js`);
    keys.refuseKeyInAddress(e);
    keys.spendKeyRequest(e);
    const { ideaIdsIn } = require(`${__hooks}/platform/contract/own-state.js`);
    const { ownVotesOf } = require(`${__hooks}/site/own-state.js`);
    const posts = ideaIdsIn(e.request.url.query().get('posts'));
    return e.json(200, { posts, votes: ownVotesOf(e.app, e.auth.id, posts) });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

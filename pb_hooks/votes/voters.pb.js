/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/posts/{id}/voters?page=&perPage= — the public list of who voted for an idea,
// for whoever may see the idea: ids, names and avatars only (never emails), oldest vote first; votes that count
// only (a vote held until its member confirms their email is not shown, votes/counted.js). The total is the idea's
// vote_count, not a count of its votes (issue 35: no count of a table's rows on a hot path).
// The votes collection itself stays private to each voter, so realtime never broadcasts voters.
// The idea page reads the first page with the caller's own state, in one request (ideas/idea-page.js).
// Response: { page, perPage, totalItems, items: [{ id, collectionId, collectionName, name, avatar, avatar_url }] }
routerAdd(
  'GET',
  '/api/chorus/posts/{id}/voters',
  (e) => {
    const { readPaging } = require(`${__hooks}/platform/paging.js`);
    const { VOTERS_PAGE, VOTERS_MOST } = require(`${__hooks}/platform/contract/voter-pages.js`);
    const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
    const { page, perPage, offset } = readPaging(e, VOTERS_PAGE, VOTERS_MOST);
    // Read and answered in Go (server/cmd/pocketbase/idea_reads.go): the cards of the votes that count, oldest
    // first, and the idea's own count of them (kept in each vote's transaction by server/cmd/pocketbase/votes.go:
    // a count of the rows walked all of a popular idea's votes on every request, 8 ms at 80,000 votes).
    $ideaReads.voters(e, post, page, perPage, offset);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/posts/{id}/vote-on-behalf { email, name? } — staff record a customer's vote.
// A new email gets an unverified member account (random password; they can claim it by resetting the
// password or with an email code). The vote is signed on_behalf_by = the staff member; votes hooks
// recount the idea and make the customer a follower. Voting twice is not an error. The email names a customer
// by its exact address only, never a staff account (pb_hooks/account/staff-lookup.js, the one rule).
// Response: { vote: { id, post, user, on_behalf_by }, user: { id, name }, user_created, already_voted }
routerAdd(
  'POST',
  '/api/chorus/posts/{id}/vote-on-behalf',
  (e) => {
    const { requireVotable, voteOnBehalf } = require(`${__hooks}/votes/vote-on-behalf.js`);
    const { staff, post } = require(`${__hooks}/platform/staff.js`).staffOnIdea(e);
    requireVotable(post);
    const body = e.requestInfo().body;
    // Counted per staff member and audited, found or not (before the transaction: a refusal keeps its trail).
    require(`${__hooks}/account/staff-lookup.js`).lookUpForStaff(e, staff, body.email);
    let done;
    e.app.runInTransaction((txApp) => {
      done = voteOnBehalf(txApp, e, staff, post, { email: body.email, name: body.name });
    });
    const { user, vote, userCreated, alreadyVoted } = done;
    return e.json(userCreated || !alreadyVoted ? 201 : 200, {
      vote: { id: vote.id, post: post.id, user: user.id, on_behalf_by: vote.getString('on_behalf_by') },
      user: { id: user.id, name: user.getString('name') },
      user_created: userCreated,
      already_voted: alreadyVoted,
    });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

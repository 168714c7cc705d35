/// <reference path="../pb_data/types.d.ts" />
// POST /api/chorus/posts/{id}/vote-on-behalf { email, name? } — staff record a customer's vote.
// A new email gets an unverified member account (random password; they can claim it by resetting the
// password or with an email code). The vote is signed on_behalf_by = the staff member; votes hooks
// recount the idea and make the customer a follower. Voting twice is not an error. The email names a customer
// by its exact address only, never a staff account (pb_hooks/lib/account/staff-lookup.js, the one rule).
// Response: { vote: { id, post, user, on_behalf_by }, user: { id, name }, user_created, already_voted }
routerAdd(
  'POST',
  '/api/chorus/posts/{id}/vote-on-behalf',
  (e) => {
    const { requireStaff } = require(`${__hooks}/lib/staff.js`);
    const { refusalText } = require(`${__hooks}/lib/refusals.js`);
    const { findVisiblePost } = require(`${__hooks}/lib/posts.js`);
    const staff = requireStaff(e);
    const post = findVisiblePost(e, e.request.pathValue('id'));
    if (post.getBool('locked') || post.getString('merged_into')) {
      throw new BadRequestError(refusalText('ideaTakesNoVotes'));
    }
    const body = e.requestInfo().body;
    const { memberByEmail, lookUpForStaff } = require(`${__hooks}/lib/account/staff-lookup.js`);
    // Counted per staff member and audited, found or not (before the transaction: a refusal keeps its trail).
    lookUpForStaff(e, staff, body.email);
    let user;
    let userCreated = false;
    let alreadyVoted = false;
    let vote;
    e.app.runInTransaction((txApp) => {
      // The one rule for finding a member by email: the exact address, customers only (lib/account/staff-lookup.js).
      const found = memberByEmail(txApp, staff, body.email);
      const email = found.address;
      user = found.user;
      if (!user) {
        user = new Record(txApp.findCachedCollectionByNameOrId('users'));
        user.setEmail(email);
        user.setVerified(false);
        user.setRandomPassword();
        user.set('name', String(body.name || email.split('@')[0]).slice(0, 60));
        user.set('role', 'member');
        txApp.save(user);
        userCreated = true;
      }
      try {
        vote = txApp.findFirstRecordByFilter('votes', 'post = {:post} && user = {:user}', {
          post: post.id,
          user: user.id,
        });
        alreadyVoted = true;
      } catch {
        vote = new Record(txApp.findCachedCollectionByNameOrId('votes'));
        vote.set('post', post.id);
        vote.set('user', user.id);
        vote.set('on_behalf_by', staff.id);
        txApp.save(vote);
      }
      // The customer by id and name: their email stays out of the log.
      const { recordAudit } = require(`${__hooks}/lib/audit/audit.js`);
      recordAudit(txApp, e, {
        action: 'post.vote_on_behalf',
        collection: 'posts',
        id: post.id,
        label: post.getString('title'),
        before: null,
        after: {
          member: user.getString('name'),
          member_id: user.id,
          member_created: userCreated,
          already_voted: alreadyVoted,
        },
      });
    });
    return e.json(userCreated || !alreadyVoted ? 201 : 200, {
      vote: { id: vote.id, post: post.id, user: user.id, on_behalf_by: vote.getString('on_behalf_by') },
      user: { id: user.id, name: user.getString('name') },
      user_created: userCreated,
      already_voted: alreadyVoted,
    });
  },
  $apis.requireAuth('users'),
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage,
);

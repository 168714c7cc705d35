// A customer's vote recorded by a staff member (the one home of "vote on behalf": the staff route
// pb_hooks/votes/vote-on-behalf.pb.js and the feedback inbox's link, feedback/actions.js). The customer is found
// by the one rule (account/staff-lookup.js: exact address, never a staff account), made an unverified member
// when new; the vote is signed on_behalf_by the staff member and audited without the address.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

/** Refuses an idea that takes no votes (locked, or merged elsewhere). */
function requireVotable(post) {
  if (post.getBool('locked') || post.getString('merged_into')) {
    throw new BadRequestError(refusalText('ideaTakesNoVotes'));
  }
}

/**
 * Inside the caller's transaction (`txApp`, after lookUpForStaff outside it): the vote of the customer at `email`
 * (named `name` when new) on `post`, by `staff`. Answers { user, vote, userCreated, alreadyVoted }.
 */
function voteOnBehalf(txApp, e, staff, post, { email, name }) {
  const { memberByEmail } = require(`${__hooks}/account/staff-lookup.js`);
  const found = memberByEmail(txApp, staff, email);
  let user = found.user;
  let userCreated = false;
  let alreadyVoted = false;
  let vote;
  if (!user) {
    user = new Record(txApp.findCachedCollectionByNameOrId('users'));
    user.setEmail(found.address);
    user.setVerified(false);
    user.setRandomPassword();
    user.set('name', String(name || found.address.split('@')[0]).slice(0, 60));
    user.set('role', 'member');
    txApp.save(user);
    userCreated = true;
  }
  try {
    vote = txApp.findFirstRecordByFilter('votes', 'post = {:post} && user = {:user}', { post: post.id, user: user.id });
    alreadyVoted = true;
  } catch {
    vote = new Record(txApp.findCachedCollectionByNameOrId('votes'));
    vote.set('post', post.id);
    vote.set('user', user.id);
    vote.set('on_behalf_by', staff.id);
    txApp.save(vote);
  }
  // The customer by id and name: their email stays out of the log.
  require(`${__hooks}/audit/audit.js`).recordAudit(txApp, e, {
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
  return { user, vote, userCreated, alreadyVoted };
}

module.exports = { requireVotable, voteOnBehalf };

/// <reference path="../../pb_data/types.d.ts" />
// A vote's worth and milestone, inside the vote's transaction once Go has counted it (priority/vote-worth.js). Go (server/cmd/pocketbase/votes.go) owns the rest of a vote: whether it counts (a confirmed email, the site's switch, staff voting on a member's behalf, the operator's writes), the transaction, the idea's counts, the voter's follow, and waking the jobs once the write commits. Go runs these hooks between opening the transaction and writing the vote, and leaves the count it made on the vote: VOTES_NOW_MARK, and VOTES_AFTER_MARK on a vote that now counts (its milestone; src/contract/hand-offs.ts). On an idea with more than INLINE_VOTES (src/contract/vote-rules.ts) the worth is marked stale for INSIGHTS_JOB instead (priority/insights-queue.js).
onRecordCreate((e) => {
  require(`${__hooks}/platform/server-program.js`).requireChorusProgram(e.app);
  require(`${__hooks}/priority/vote-worth.js`).afterCount(e, () =>
    e.record.get(require(`${__hooks}/platform/contract/hand-offs.js`).VOTES_AFTER_MARK),
  );
}, 'votes');

// The member confirmed their email (or lost it): a vote that starts counting may reach a milestone, by the count read now.
onRecordUpdate((e) => {
  if (e.record.getBool('counted') === e.record.original().getBool('counted')) return e.next();
  require(`${__hooks}/priority/vote-worth.js`).afterCount(e, e.record.getBool('counted') ? () => null : null);
}, 'votes');

onRecordDelete((e) => {
  if (!e.record.getBool('counted')) return e.next();
  require(`${__hooks}/priority/vote-worth.js`).afterCount(e, null);
}, 'votes');

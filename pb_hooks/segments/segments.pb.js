/// <reference path="../../pb_data/types.d.ts" />
// Keeps segments' members (segment_members, member_count) in step with what decides them, in the
// writer's transaction: a saved segment is checked strictly (pb_hooks/segments/segments.js) and recomputed
// whole; a member's profile, a new member and a company's plan, revenue or attributes recompute only the
// people they concern; the clock (sign-up dates, activity) is caught up every hour.
// (Handlers run apart from this file's scope: each requires what it uses.)
onRecordCreate((e) => require(`${__hooks}/segments/segments.js`).saveSegment(e), 'segments');
onRecordUpdate((e) => {
  const before = toString(e.record.original().get('conditions'));
  if (before === toString(e.record.get('conditions'))) return e.next();
  require(`${__hooks}/segments/segments.js`).saveSegment(e);
}, 'segments');

const recomputeProfile = (e) => {
  const { recomputeMember } = require(`${__hooks}/segments/segments.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const users = [e.record.getString('user'), e.record.original().getString('user')];
  withinTransaction(e, (txApp) => {
    for (const user of new Set(users)) recomputeMember(txApp, user);
  });
};
onRecordCreate(recomputeProfile, 'member_profiles');
onRecordUpdate(recomputeProfile, 'member_profiles');
onRecordDelete(recomputeProfile, 'member_profiles');

// A new member may match "no plan", "signed up after …" or "attribute is not …" at once.
onRecordCreate((e) => {
  const { recomputeMember } = require(`${__hooks}/segments/segments.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeMember(txApp, e.record.id));
}, 'users');

onRecordUpdate((e) => {
  const before = e.record.original();
  const unchanged = ['plan', 'monthly_revenue', 'attributes'].every(
    (name) => toString(e.record.get(name)) === toString(before.get(name)),
  );
  if (unchanged) return e.next();
  const { recomputeCompany } = require(`${__hooks}/segments/segments.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => recomputeCompany(txApp, e.record.id));
}, 'companies');

// A deleted company leaves its members without one: their memberships are recomputed from what remains.
onRecordDelete((e) => {
  const { recomputeMember } = require(`${__hooks}/segments/segments.js`);
  const { membersOf } = require(`${__hooks}/priority/insights.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const members = membersOf(e.app, e.record.id);
  withinTransaction(e, (txApp) => {
    for (const user of members) recomputeMember(txApp, user);
  });
}, 'companies');

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).SEGMENTS_CLOCK_JOB, '23 * * * *', () => {
  require(`${__hooks}/segments/segments.js`).recomputeTimeBased($app);
});

// A segment board names its segment (else nobody but staff would ever see it, silently).
const requireBoardSegment = (e) => {
  if (e.record.getString('visibility') === 'segment' && !e.record.getString('segment')) {
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    throw new BadRequestError(refusalText('segmentBoardNeedsSegment'), {
      segment: new ValidationError('validation_required', refusalText('segmentBoardNeedsSegment')),
    });
  }
  e.next();
};
onRecordCreateRequest(requireBoardSegment, 'boards');
onRecordUpdateRequest(requireBoardSegment, 'boards');

// GET /api/chorus/segment-votes?segment=<id>&posts=<id>,<id>… (staff only): how many of each idea's votes
// come from the segment's members, for a list or roadmap filtered by segment ("12 of 40 votes from …").
routerAdd('GET', '/api/chorus/segment-votes', (e) => {
  const { isStaff } = require(`${__hooks}/platform/access.js`);
  if (!isStaff(e)) throw new ForbiddenError('Only staff can do this.');
  const query = e.request.url.query();
  const segment = query.get('segment');
  const posts = query.get('posts').split(',').filter(Boolean);
  const ID = /^[a-z0-9]{15}$/;
  if (!ID.test(segment) || posts.length === 0 || posts.length > 300 || !posts.every((id) => ID.test(id))) {
    throw new BadRequestError('segment and posts must be record ids (at most 300 posts).');
  }
  const params = { segment };
  const names = require(`${__hooks}/platform/records.js`).boundList(params, 'p', posts);
  const rows = require(`${__hooks}/platform/sql-rows.js`).rowsOf(
    e.app,
    'SELECT v.post AS post, COUNT(*) AS n FROM votes v JOIN segment_members sm ON sm.user = v.user AND sm.segment = {:segment} ' +
      `WHERE v.post IN (${names.join(', ')}) AND v.counted = TRUE GROUP BY v.post`,
    { post: '', n: 0 },
    params,
  );
  const counts = {};
  for (const row of rows) counts[row.post] = row.n;
  return e.json(200, counts);
});

/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/posts/{id}/ask { body } — staff ask an idea's voters and followers one question
// (pb_hooks/asks/ask.js). Staff only, rate limited per staff member, one question per idea an hour (429).
// Response: { id, post, body, sent_count, created }.
// Answers (idea_answers) are created through the REST API, where the collection's rules decide; this hook
// only trims them, so an answer of spaces is refused like an empty one.
routerAdd(
  'POST',
  '/api/chorus/posts/{id}/ask',
  (e) => {
    const { spend } = require(`${__hooks}/platform/limits.js`);
    const { questionBodyOf, askVoters } = require(`${__hooks}/asks/ask.js`);
    const { staff, post } = require(`${__hooks}/platform/staff.js`).staffOnIdea(e);
    const body = questionBodyOf(e.requestInfo().body.body);
    spend('questions', staff.id);
    const question = askVoters(e.app, staff, post, body, e);
    return e.json(200, {
      id: question.id,
      post: post.id,
      body: question.getString('body'),
      sent_count: question.getInt('sent_count'),
      created: question.getDateTime('created').string(),
    });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

onRecordCreateRequest((e) => {
  const body = e.record.getString('body');
  if (body !== body.trim()) e.record.set('body', body.trim());
  e.next();
}, 'idea_answers');

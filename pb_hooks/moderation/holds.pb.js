/// <reference path="../../pb_data/types.d.ts" />
// Spam held for review (issue 38; rules in pb_hooks/moderation/): a member's held comment is created hidden
// (its author and staff see it); a held idea is made unapproved in posts.pb.js. held_for is the server's: it
// clears when staff approve (an idea) or show (a comment) the record, and an edit bringing a blocked word or
// domain holds it again. Nothing held is deleted except by a moderator.
onRecordCreateRequest((e) => {
  if (require(`${__hooks}/platform/door.js`).markHold(e)) e.record.set('hidden', true);
  e.next();
}, 'comments');

onRecordUpdateRequest(
  (e) => {
    const original = e.record.original();
    const released =
      e.collection.name === 'posts'
        ? e.record.getBool('approved') && !original.getBool('approved')
        : !e.record.getBool('hidden') && original.getBool('hidden');
    if (!e.hasSuperuserAuth()) e.record.set('held_for', released ? '' : original.getString('held_for'));
    const edited =
      e.record.getString('body') !== original.getString('body') ||
      e.record.getString('title') !== original.getString('title');
    if (edited && !e.record.getString('held_for')) {
      const reason = require(`${__hooks}/platform/door.js`).markHold(e, false);
      if (reason && e.collection.name === 'posts') e.record.set('approved', false);
      if (reason && e.collection.name === 'comments') e.record.set('hidden', true);
    }
    e.next();
  },
  'posts',
  'comments',
);

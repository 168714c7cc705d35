// Which public changes a committed write makes, as the edge's topics carry them (src/lib/live/protocol.ts):
// only what a signed-out visitor may read. A comment that turns internal or hidden, a release unpublished,
// leaves the public topics as a delete; nothing of an idea that is not public goes out at all.
const { change, enqueue, isConfigured, publicFields } = require(`${__hooks}/platform/edge/edge-publish.js`);

const isPublicIdea = (app, postId) => {
  try {
    return Boolean(postId && app.findRecordById('post_live', postId));
  } catch {
    return false;
  }
};

const isPublicComment = (comment) => comment && !comment.getBool('internal') && !comment.getBool('hidden');

/** Public, then and now: the action the public sees (create when it just became public, delete when it left). */
function publicAction(action, wasPublic, isPublic) {
  if (action === 'delete') return wasPublic ? 'delete' : null;
  if (action === 'create') return isPublic ? 'create' : null;
  if (isPublic) return wasPublic ? 'update' : 'create';
  return wasPublic ? 'delete' : null;
}

function publicChanges(app, record, action) {
  const collection = record.collection().name;
  const original = action === 'update' ? record.original() : record;
  const one = (seen, fields, post) =>
    seen ? [change(app, collection, seen, seen === 'delete' ? { id: record.id } : fields, post)] : [];
  // An idea's live copy is read again when the batch is sent (platform/edge/edge-publish.js currentIdeas): its id will do.
  if (collection === 'post_live') return one(action, { id: record.id });
  if (collection === 'comments') {
    const post = record.getString('post');
    if (!isPublicIdea(app, post)) return [];
    const seen = publicAction(action, isPublicComment(original), action !== 'delete' && isPublicComment(record));
    return one(seen, publicFields(record), post);
  }
  if (collection === 'reactions') {
    let comment = null;
    try {
      comment = app.findRecordById('comments', record.getString('comment'));
    } catch {}
    const post = comment?.getString('post');
    if (!comment || !isPublicComment(comment) || !isPublicIdea(app, post)) return [];
    // Only a reaction that counts is public: one held until its member confirms their email (votes/counted.js)
    // goes out as created the moment it counts.
    const counts = (reaction) => reaction.getBool('counted');
    const seen = publicAction(action, counts(original), action !== 'delete' && counts(record));
    return one(seen, publicFields(record), post);
  }
  if (collection === 'changelog_entries') {
    const published = (entry) => entry.getString('state') === 'published';
    const seen = publicAction(action, published(original), action !== 'delete' && published(record));
    return one(seen, publicFields(record));
  }
  return [];
}

/** The after-commit hook: queues the write's public change, if any (never fails the write). */
function publishAfterWrite(e, action) {
  e.next();
  if (!isConfigured()) return;
  try {
    enqueue(e.app, { changes: publicChanges(e.app, e.record, action) });
  } catch (error) {
    e.app.logger().warn('Edge publish: reading the change failed', 'error', String(error));
  }
}

module.exports = { publicChanges, publishAfterWrite };

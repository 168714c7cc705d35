/// <reference path="../pb_data/types.d.ts" />
// A member's new idea starts with their own vote when the site says so (site.author_votes, on by
// default). Only ideas members post through the API: imports and the operator's records start at 0.
onRecordCreateRequest((e) => {
  e.next();
  if (e.hasSuperuserAuth() || !e.auth) return;
  let site;
  try {
    site = e.app.findFirstRecordByFilter('site', "id != ''");
  } catch {
    return;
  }
  if (!site.getBool('author_votes')) return;
  try {
    const vote = new Record(e.app.findCollectionByNameOrId('votes'));
    vote.set('post', e.record.id);
    vote.set('user', e.record.getString('author'));
    e.app.save(vote);
  } catch (error) {
    e.app.logger().error("Could not count the author's vote", 'post', e.record.id, 'error', String(error));
  }
}, 'posts');

// Moves one tag's assignments between posts.tags (public) and post_staff_tags (staff-only).
const without = (ids, id) => ids.filter((x) => x !== id);

function staffTagsOf(app, postId) {
  const [found] = app.findRecordsByFilter('post_staff_tags', 'post = {:post}', '', 1, 0, { post: postId });
  if (found) return found;
  const record = new Record(app.findCachedCollectionByNameOrId('post_staff_tags'));
  record.set('post', postId);
  return record;
}

function moveTagAssignments(app, tagId, toStaff) {
  const params = { tag: tagId };
  if (toStaff) {
    for (const post of app.findRecordsByFilter('posts', 'tags ~ {:tag}', '', 0, 0, params)) {
      const staffTags = staffTagsOf(app, post.id);
      staffTags.set('tags', [...without(staffTags.getStringSlice('tags'), tagId), tagId]);
      app.save(staffTags);
      post.set('tags', without(post.getStringSlice('tags'), tagId));
      app.saveNoValidate(post);
    }
    return;
  }
  for (const staffTags of app.findRecordsByFilter('post_staff_tags', 'tags ~ {:tag}', '', 0, 0, params)) {
    const post = app.findRecordById('posts', staffTags.getString('post'));
    post.set('tags', [...without(post.getStringSlice('tags'), tagId), tagId]);
    app.saveNoValidate(post);
    staffTags.set('tags', without(staffTags.getStringSlice('tags'), tagId));
    app.save(staffTags);
  }
}

/** The staff-only tags among `tagIds`. */
function staffOnlyAmong(app, tagIds) {
  return app
    .findRecordsByIds('tags', tagIds)
    .filter((tag) => tag.getBool('staff_only'))
    .map((tag) => tag.id);
}

/** Adds tags to a post's post_staff_tags record (creating it when needed). */
function addStaffTags(app, postId, tagIds) {
  const staffTags = staffTagsOf(app, postId);
  const kept = staffTags.getStringSlice('tags');
  staffTags.set('tags', [...kept, ...tagIds.filter((id) => !kept.includes(id))]);
  app.save(staffTags);
}

module.exports = { moveTagAssignments, staffOnlyAmong, addStaffTags };

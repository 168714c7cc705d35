/// <reference path="../pb_data/types.d.ts" />
// Staff-only tags stay invisible to everyone else: the tags rules hide the records, and this strips
// their ids from the posts people read (lists, views, realtime, search).
onRecordEnrich((e) => {
  const tags = e.record.getStringSlice('tags');
  const auth = e.requestInfo?.auth;
  const role = auth?.collection().name === 'users' ? auth.getString('role') : '';
  const staff = e.requestInfo?.hasSuperuserAuth() || role === 'moderator' || role === 'admin';
  if (tags.length > 0 && !staff) {
    const hidden = new Set(e.app.findRecordsByFilter('tags', 'staff_only = true', '', 0, 0).map((tag) => tag.id));
    e.record.set(
      'tags',
      tags.filter((id) => !hidden.has(id)),
    );
  }
  e.next();
}, 'posts');

/// <reference path="../../pb_data/types.d.ts" />
// Members' reports (issue 38; rules in pb_migrations/1764810010_create_reports.js): the staff member who closes
// one is recorded by the server, and hiding an idea or a comment (or deleting it: its reports go with it) closes
// its open reports as acted on. How many a member may send is counted in create-limits.pb.js.
onRecordUpdateRequest((e) => {
  const closing = e.record.getString('outcome') !== e.record.original().getString('outcome');
  if (closing) e.record.set('resolved_by', e.auth?.collection().name === 'users' ? e.auth.id : '');
  e.next();
}, 'reports');

onRecordAfterUpdateSuccess(
  (e) => {
    e.next();
    const original = e.record.original();
    const kind = e.record.collection().name;
    const hidden =
      kind === 'posts'
        ? original.getBool('approved') && !e.record.getBool('approved')
        : !original.getBool('hidden') && e.record.getBool('hidden');
    if (!hidden) return;
    const where = kind === 'posts' ? 'post = {:id} AND comment = ""' : 'comment = {:id}';
    e.app
      .db()
      .newQuery(
        `UPDATE reports SET outcome = 'acted', updated = strftime('%Y-%m-%d %H:%M:%fZ') WHERE ${where} AND outcome = ''`,
      )
      .bind({ id: e.record.id })
      .execute();
  },
  'posts',
  'comments',
);

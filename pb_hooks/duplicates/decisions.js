// Staff decide a suggested duplicate (pb_hooks/duplicates/duplicates.pb.js): merge it (the ordinary merge, duplicates/merge.js,
// newer into older unless staff pick the other way) or dismiss it (the pair is never suggested again). Each
// decision is checked again inside its transaction, so two staff deciding at once cannot both win, and audited.
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
const { recordAudit } = require(`${__hooks}/audit/audit.js`);
const { decide } = require(`${__hooks}/duplicates/suggestions.js`);

/** The open suggestion `id`, read in `app`: 404 when there is none, 400 when it was decided already. */
function openSuggestion(app, id) {
  let row;
  try {
    row = app.findRecordById('duplicate_suggestions', id);
  } catch {
    throw new NotFoundError(refusalText('duplicateSuggestionGone'));
  }
  if (row.getString('state') !== 'open') throw new BadRequestError(refusalText('duplicateSuggestionGone'));
  return row;
}

const auditOf = (row, action, after) => ({
  action,
  collection: 'duplicate_suggestions',
  id: row.id,
  label: `${row.getString('post')} ~ ${row.getString('candidate')}`,
  before: { state: 'open', score: row.getFloat('score'), reason: row.getString('reason') },
  after,
});

/** Merges suggestion `id`: into 'candidate' (the newer idea into the older, the default) or 'post'. */
function mergeSuggestion(e, staff, id, into) {
  const { findVisiblePost } = require(`${__hooks}/platform/posts.js`);
  const { checkMerge, applyMerge, mergedPair } = require(`${__hooks}/duplicates/merge.js`);
  const direction = into === undefined || into === null || into === '' ? 'candidate' : String(into);
  if (direction !== 'candidate' && direction !== 'post')
    throw new BadRequestError(refusalText('mergeTargetNeeded'), {
      into: fieldRefusal('validation_required', 'required'),
    });
  const row = openSuggestion(e.app, id);
  // Both ideas as this staff member may see them (404 otherwise), then merged in one transaction.
  findVisiblePost(e, row.getString('post'));
  findVisiblePost(e, row.getString('candidate'));
  let pair = null;
  e.app.runInTransaction((txApp) => {
    const fresh = openSuggestion(txApp, id);
    const post = txApp.findRecordById('posts', fresh.getString('post'));
    const candidate = txApp.findRecordById('posts', fresh.getString('candidate'));
    const [duplicate, target] = direction === 'candidate' ? [post, candidate] : [candidate, post];
    checkMerge(duplicate, target);
    decide(txApp, fresh, 'merged', staff.id);
    recordAudit(
      txApp,
      e,
      auditOf(fresh, 'duplicate.merge', { state: 'merged', duplicate: duplicate.id, into: target.id }),
    );
    applyMerge(txApp, e, staff, duplicate, target);
    pair = [duplicate, target];
  });
  return { suggestion: { id, state: 'merged' }, ...mergedPair(e, pair[0], pair[1]) };
}

/** Dismisses suggestion `id`: the pair stays on record, closed for good. */
function dismissSuggestion(e, staff, id) {
  e.app.runInTransaction((txApp) => {
    const row = openSuggestion(txApp, id);
    decide(txApp, row, 'dismissed', staff.id);
    recordAudit(txApp, e, auditOf(row, 'duplicate.dismiss', { state: 'dismissed' }));
  });
  return { suggestion: { id, state: 'dismissed' } };
}

module.exports = { mergeSuggestion, dismissSuggestion };

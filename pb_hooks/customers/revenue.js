// Where a company's monthly revenue came from (issue 58): every writer stamps its source and time when it changes
// the value ('manual' an admin's edit, 'csv' an upload, 'sso' an identify token, 'stripe' Stripe, 'hubspot' HubSpot), and a value a
// source like Stripe offers never silently replaces one people gave: it waits as pending until an admin accepts it.
// The company's save goes through the same hooks as a hand edit, so ideas' worth (post_insights) follows.

/** Sources whose values are machine-kept and may be replaced by the next one from the same source. */
const KEPT_BY = { stripe: 'stripe', hubspot: 'hubspot' };

/** Stamps `record`'s revenue as coming from `source` now (call when monthly_revenue changes). */
function stampRevenue(record, source, currency = '') {
  record.set('revenue_source', source);
  record.set('revenue_at', new DateTime());
  record.set('revenue_currency', currency);
}

/** Drops the value a source offered (nothing is pending any more). */
function clearPending(record) {
  record.set('pending_revenue', 0);
  record.set('pending_source', '');
  record.set('pending_at', '');
  record.set('pending_currency', '');
}

/** Whether `source` may write over the company's current value: its own earlier value, or no value at all. */
function mayReplace(record, source) {
  const current = record.getString('revenue_source');
  if (current && KEPT_BY[current] === source) return true;
  return current === '' && record.getFloat('monthly_revenue') === 0;
}

/**
 * A source offers `amount` (units, per month) for the company `record`: set at once where it may replace the
 * value, else kept as pending beside the value people gave. The caller saves `record` (with its own changes) unless
 * this answers 'unchanged' and it changed nothing else. Answers 'updated' | 'pending' | 'unchanged'.
 */
function offerRevenue(record, { amount, source, currency = '' }) {
  const value = Math.round(Math.max(0, Math.min(1e12, amount)) * 100) / 100;
  let outcome = 'unchanged';
  if (mayReplace(record, source)) {
    if (record.getFloat('monthly_revenue') !== value || record.getString('revenue_source') !== source) {
      record.set('monthly_revenue', value);
      stampRevenue(record, source, currency);
      outcome = 'updated';
    }
    if (record.getString('pending_source')) {
      clearPending(record);
      if (outcome === 'unchanged') outcome = 'updated';
    }
  } else if (record.getFloat('monthly_revenue') === value) {
    // The value people gave already agrees: nothing to ask about.
    if (record.getString('pending_source')) {
      clearPending(record);
      outcome = 'updated';
    }
  } else if (
    record.getString('pending_source') !== source ||
    record.getFloat('pending_revenue') !== value ||
    record.getString('pending_currency') !== currency
  ) {
    record.set('pending_revenue', value);
    record.set('pending_source', source);
    record.set('pending_at', new DateTime());
    record.set('pending_currency', currency);
    outcome = 'pending';
  }
  return outcome;
}

/** An admin takes the pending value: it becomes the company's, from its source (which may then keep it current). */
function acceptPending(record) {
  if (!record.getString('pending_source')) return false;
  record.set('monthly_revenue', record.getFloat('pending_revenue'));
  stampRevenue(record, record.getString('pending_source'), record.getString('pending_currency'));
  clearPending(record);
  return true;
}

module.exports = { stampRevenue, clearPending, offerRevenue, acceptPending };

// The priority score of an idea, from its reach (weighted votes), the staff's impact, confidence and
// effort, and its revenue, by the formula an admin chose:
// - rice: reach × impact × confidence% ÷ effort (person-weeks);
// - value_effort: reach × impact ÷ effort;
// - revenue_votes: votes + revenue weight × revenue ÷ $1,000.
// The same formulas exist twice: in JS for one idea (lib/insights.js) and as SQL for recomputing every idea
// at once (lib/rescore.js); the idea page spells them out (src/lib/score-explain.ts).
const FORMULAS = ['rice', 'value_effort', 'revenue_votes'];
const DEFAULT_FORMULA = 'rice';
/** The scale staff pick impact from (Intercom's RICE: minimal … massive) and confidence. */
const IMPACTS = [0.25, 0.5, 1, 2, 3];
const CONFIDENCES = [50, 80, 100];

/** The admin's choice from the scoring record (or the default). */
function formulaOf(scoring) {
  const chosen = scoring ? scoring.getString('formula') : '';
  return FORMULAS.includes(chosen) ? chosen : DEFAULT_FORMULA;
}

const round = (n) => Math.round(n * 1000) / 1000;

/** The score of `inputs` ({ reach, impact, confidence, effort, revenue, votes, revenueWeight }) under `formula`. */
function scoreOf(inputs, formula) {
  const { reach, impact, confidence, effort, revenue, votes } = inputs;
  if (formula === 'revenue_votes') return round(votes + ((inputs.revenueWeight || 0) * revenue) / 1000);
  if (!(effort > 0) || !(impact > 0)) return 0; // not yet sized by staff
  if (formula === 'value_effort') return round((reach * impact) / effort);
  return round((reach * impact * (confidence / 100)) / effort);
}

/** The same score as an SQL expression over post_insights' columns, `votesSql` (the idea's vote count) and
 * the bound {:rw} (revenue weight). SQLite's ROUND rounds halves away from zero, as Math.round does here. */
function scoreSql(formula, votesSql) {
  if (formula === 'revenue_votes') return `ROUND(${votesSql} + {:rw} * revenue / 1000.0, 3)`;
  const sized = 'effort > 0 AND impact > 0';
  if (formula === 'value_effort') return `CASE WHEN ${sized} THEN ROUND(reach * impact * 1.0 / effort, 3) ELSE 0 END`;
  return `CASE WHEN ${sized} THEN ROUND(reach * impact * confidence / 100.0 / effort, 3) ELSE 0 END`;
}

module.exports = { FORMULAS, DEFAULT_FORMULA, IMPACTS, CONFIDENCES, formulaOf, scoreOf, scoreSql };

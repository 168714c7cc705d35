// The priority score of an idea, from its reach (weighted votes), the staff's impact, confidence and
// effort, and its revenue, by the formula an admin chose. Each formula explains itself: `explain` returns
// the terms the idea page spells out ("RICE = reach 1,240 × impact 2 × confidence 80% ÷ effort 3").
const FORMULAS = ['rice', 'value_effort', 'revenue_votes'];
const DEFAULT_FORMULA = 'rice';

/** The admin's choice from the scoring record (or the default). */
function formulaOf(scoring) {
  const chosen = scoring ? scoring.getString('formula') : '';
  return FORMULAS.includes(chosen) ? chosen : DEFAULT_FORMULA;
}

const round = (n) => Math.round(n * 1000) / 1000;

/** The score of `inputs` ({ reach, impact, confidence, effort, revenue, votes }) under `formula`. */
function scoreOf(inputs, formula) {
  const { reach, impact, confidence, effort, revenue, votes } = inputs;
  if (formula === 'revenue_votes') return round(votes + revenue / 1000);
  if (!(effort > 0) || !(impact > 0)) return 0; // not yet sized by staff
  if (formula === 'value_effort') return round((reach * impact) / effort);
  return round((reach * impact * (confidence / 100)) / effort);
}

module.exports = { FORMULAS, DEFAULT_FORMULA, formulaOf, scoreOf };

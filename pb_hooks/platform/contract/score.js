// GENERATED from src/contract/score.ts by `npm run contract`: edit that file, never this one.
const FORMULAS = ["rice", "value_effort", "revenue_votes"];
const DEFAULT_FORMULA = "rice";
const IMPACTS = [0.25, 0.5, 1, 2, 3];
const CONFIDENCES = [50, 80, 100];
function formulaNamed(chosen) {
  return FORMULAS.includes(chosen) ? chosen : DEFAULT_FORMULA;
}
const round = (n) => Math.round(n * 1e3) / 1e3;
function scoreOf(inputs, formula) {
  const { reach, impact, confidence, effort, revenue, votes } = inputs;
  if (formula === "revenue_votes") return round(votes + (inputs.revenueWeight || 0) * revenue / 1e3);
  if (!(effort > 0) || !(impact > 0)) return 0;
  if (formula === "value_effort") return round(reach * impact / effort);
  return round(reach * impact * (confidence / 100) / effort);
}
function scoreSql(formula, votesSql) {
  if (formula === "revenue_votes") return `ROUND(${votesSql} + {:rw} * revenue / 1000.0, 3)`;
  const sized = "effort > 0 AND impact > 0";
  if (formula === "value_effort") return `CASE WHEN ${sized} THEN ROUND(reach * impact * 1.0 / effort, 3) ELSE 0 END`;
  return `CASE WHEN ${sized} THEN ROUND(reach * impact * confidence / 100.0 / effort, 3) ELSE 0 END`;
}
module.exports = { CONFIDENCES, DEFAULT_FORMULA, FORMULAS, IMPACTS, formulaNamed, scoreOf, scoreSql };

// GENERATED from src/contract/score.ts by `npm run contract`: edit that file, never this one.
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
var score_exports = {};
__export(score_exports, {
  CONFIDENCES: () => CONFIDENCES,
  DEFAULT_FORMULA: () => DEFAULT_FORMULA,
  FORMULAS: () => FORMULAS,
  IMPACTS: () => IMPACTS,
  formulaNamed: () => formulaNamed,
  scoreOf: () => scoreOf,
  scoreSql: () => scoreSql
});
module.exports = __toCommonJS(score_exports);
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

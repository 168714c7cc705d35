// The priority score for PocketBase's hooks: the contract's formulas (src/contract/score.ts, generated into
// platform/contract/score.js) and the formula a scoring record chose.
const contract = require(`${__hooks}/platform/contract/score.js`);

/** The admin's choice from the scoring record (or the default). */
function formulaOf(scoring) {
  return contract.formulaNamed(scoring ? scoring.getString('formula') : '');
}

module.exports = {
  FORMULAS: contract.FORMULAS,
  DEFAULT_FORMULA: contract.DEFAULT_FORMULA,
  IMPACTS: contract.IMPACTS,
  CONFIDENCES: contract.CONFIDENCES,
  formulaOf,
  scoreOf: contract.scoreOf,
  scoreSql: contract.scoreSql,
};

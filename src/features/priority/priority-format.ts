// How staff read an idea's priority: its score and revenue as the page's locale writes them, and the
// score's formula spelled out with the idea's own numbers ("RICE = reach
// 1,240 × impact 2 × confidence 80% ÷ effort 3 weeks = 661"). The formulas are the contract's
// (src/contract/score.ts), which PocketBase computes with.
import { CONFIDENCES, FORMULAS, type Formula, IMPACTS, type ScoreTerms } from '../../contract/score';
import { currentLocale, translator } from '../../i18n/current';
import { formatMoney } from '../customers/money';

export { CONFIDENCES, FORMULAS, type Formula, IMPACTS };

/** The contract's terms with the idea's computed score; the page always knows the revenue weight. */
export interface ScoreInputs extends ScoreTerms {
  score: number;
  revenueWeight: number;
}

const number = (value: number, options: Intl.NumberFormatOptions = {}) =>
  new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 3, ...options }).format(value);

/** How a score is written (server pages keep one formatter for it: PostCard.astro). */
export const SCORE_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };
export const formatScore = (score: number) => number(score, SCORE_FORMAT);
export const formatRevenue = (revenue: number) => formatMoney(currentLocale(), revenue);

/** The formula's name in the page's language. */
export function formulaName(formula: Formula): string {
  const t = translator('priority');
  return formula === 'rice' ? t('rice') : formula === 'value_effort' ? t('valueEffort') : t('revenueVotes');
}

/** The score with its formula spelled out, or null while staff have not sized the idea (RICE, value/effort). */
export function explainScore(inputs: ScoreInputs, formula: Formula): string | null {
  const t = translator('priority');
  const score = number(inputs.score);
  const name = formulaName(formula);
  if (formula === 'revenue_votes') {
    return t('explainRevenueVotes', {
      formula: name,
      votes: number(inputs.votes),
      weight: number(inputs.revenueWeight),
      revenue: formatRevenue(inputs.revenue),
      thousand: formatRevenue(1000),
      score,
    });
  }
  if (!(inputs.impact > 0) || !(inputs.effort > 0)) return null;
  const terms = {
    formula: name,
    reach: number(inputs.reach),
    impact: number(inputs.impact),
    effort: t('weeks', { count: inputs.effort }),
    score,
  };
  if (formula === 'value_effort') return t('explainValueEffort', terms);
  return t('explainRice', { ...terms, confidence: number(inputs.confidence / 100, { style: 'percent' }) });
}

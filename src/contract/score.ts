// The priority score of an idea, written once for both runtimes (no imports): from its reach (weighted votes),
// the staff's impact, confidence and effort, and its revenue, by the formula an admin chose:
// - rice: reach × impact × confidence% ÷ effort (person-weeks);
// - value_effort: reach × impact ÷ effort;
// - revenue_votes: votes + revenue weight × revenue ÷ $1,000.
// As JS for one idea (pb_hooks/priority/insights.js) and as SQL for recomputing every idea at once
// (pb_hooks/priority/rescore.js); the idea page spells it out (src/features/priority/priority-format.ts).

export const FORMULAS = ['rice', 'value_effort', 'revenue_votes'] as const;
export type Formula = (typeof FORMULAS)[number];
export const DEFAULT_FORMULA: Formula = 'rice';
/** The scale staff pick impact from (Intercom's RICE: minimal … massive) and confidence. */
export const IMPACTS = [0.25, 0.5, 1, 2, 3] as const;
export const CONFIDENCES = [50, 80, 100] as const;

export interface ScoreTerms {
  reach: number;
  impact: number;
  confidence: number;
  effort: number;
  revenue: number;
  votes: number;
  /** The admin's revenue weight per $1,000. */
  revenueWeight?: number;
}

/** The formula an admin's choice names, or the default. */
export function formulaNamed(chosen: string): Formula {
  return (FORMULAS as readonly string[]).includes(chosen) ? (chosen as Formula) : DEFAULT_FORMULA;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The score of `inputs` under `formula`. */
export function scoreOf(inputs: ScoreTerms, formula: Formula): number {
  const { reach, impact, confidence, effort, revenue, votes } = inputs;
  if (formula === 'revenue_votes') return round(votes + ((inputs.revenueWeight || 0) * revenue) / 1000);
  if (!(effort > 0) || !(impact > 0)) return 0; // not yet sized by staff
  if (formula === 'value_effort') return round((reach * impact) / effort);
  return round((reach * impact * (confidence / 100)) / effort);
}

/** The same score as an SQL expression over post_insights' columns, `votesSql` (the idea's vote count) and the
 * bound {:rw} (revenue weight). SQLite's ROUND rounds halves away from zero, as Math.round does here. */
export function scoreSql(formula: Formula, votesSql: string): string {
  if (formula === 'revenue_votes') return `ROUND(${votesSql} + {:rw} * revenue / 1000.0, 3)`;
  const sized = 'effort > 0 AND impact > 0';
  if (formula === 'value_effort') return `CASE WHEN ${sized} THEN ROUND(reach * impact * 1.0 / effort, 3) ELSE 0 END`;
  return `CASE WHEN ${sized} THEN ROUND(reach * impact * confidence / 100.0 / effort, 3) ELSE 0 END`;
}

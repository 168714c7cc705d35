// Saving the score's formula and weights (admins): a Result whose error is shown next to the fields.

import { attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { updateScoring } from './priority-data';
import type { Formula } from './priority-format';

/** The weights from the scoring form: the revenue weight, and each segment's weight when one is given. */
export function scoringWeights(form: FormData, segmentIds: string[]) {
  const segments: Record<string, number> = {};
  for (const id of segmentIds) {
    const raw = String(form.get(`segment-${id}`) ?? '').trim();
    if (raw !== '') segments[id] = Number(raw);
  }
  return { segments, revenue: Number(form.get('revenue') || 0) };
}

export function saveScoring(
  id: string,
  formula: Formula,
  weights: { segments: Record<string, number>; revenue: number },
): Promise<Result<unknown>> {
  return attempt(() => updateScoring(getClient(), id, { formula, weights }));
}

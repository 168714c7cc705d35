// Staff sizing an idea (impact, confidence, effort) and setting its ETA: the saved post_insights row comes
// back with the server's new score, which the island explains; failures show field messages or a toast.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { type InsightRow, updateEta, updateSizing } from './priority-data';

export const $insights = atom<InsightRow | null>(null);

export function startInsights(row: InsightRow): void {
  if ($insights.get()?.id !== row.id) $insights.set(row);
}

function save(send: (id: string) => Promise<InsightRow>, success: string): Promise<Result<InsightRow>> {
  const row = $insights.get();
  if (!row) return Promise.resolve(refuse(translate('staffTools', 'noIdea')));
  return act({
    send: () => send(row.id),
    confirm: (saved) => $insights.set({ ...row, ...saved }),
    success,
    failure: '',
  });
}

export function saveSizing(sizing: Pick<InsightRow, 'impact' | 'confidence' | 'effort'>): Promise<Result<InsightRow>> {
  return save((id) => updateSizing(getClient(), id, sizing), translate('priority', 'sized'));
}

export function saveEta(eta: string): Promise<Result<InsightRow>> {
  return save((id) => updateEta(getClient(), id, eta), translate('eta', 'saved'));
}

// What an idea is worth, for staff (issue #24): its revenue, companies and plans, kept live from
// PocketBase's private stream of post_insights (its rules send it to staff only); the voters' companies are
// read again after each change, and everything once the subscription is up and after a reconnect.
import { atom } from 'nanostores';
import { getClient } from '../../stores/client';
import { listen, onceSubscribed, onReconnect } from '../../stores/realtime';
import { type IdeaWorth, listVoterCompanies, type PlanWorth } from '../customers/customers';
import { loadIdeaWorth } from './priority-data';

export const $ideaWorth = atom<IdeaWorth | null>(null);

interface InsightsEvent {
  id: string;
  revenue: number;
  company_count: number;
  plans: PlanWorth | null;
}

/** Follows one idea's worth; returns how to stop. */
export function followIdeaWorth(postId: string, initial: IdeaWorth): () => void {
  $ideaWorth.set(initial);
  let latest = 0;
  const reload = async () => {
    const request = ++latest;
    const worth = await loadIdeaWorth(getClient(), postId).catch(() => null);
    if (worth && request === latest) $ideaWorth.set(worth);
  };
  const stop = listen<InsightsEvent>('post_insights', postId, ({ record }) => {
    const request = ++latest;
    const current = $ideaWorth.get() ?? initial;
    $ideaWorth.set({
      ...current,
      revenue: record.revenue,
      company_count: record.company_count,
      plans: record.plans ?? {},
    });
    void listVoterCompanies(getClient(), postId)
      .then((companies) => {
        if (request === latest) $ideaWorth.set({ ...($ideaWorth.get() ?? current), companies });
      })
      .catch(() => undefined);
  });
  onceSubscribed(() => void reload());
  const stopCatchUp = onReconnect(() => void reload());
  return () => {
    stop();
    stopCatchUp();
  };
}

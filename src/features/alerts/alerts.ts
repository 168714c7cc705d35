// Alert rules and their firings (admins write rules, staff read both; pb_migrations/1764450000_*).
import type { PocketBase } from '../../lib/pb/client';
import type { AlertFiringsRecord, AlertRulesMetricOptions, AlertRulesRecord } from '../../lib/pb/pb-types';
import { listEveryBoard } from '../site/site';

export const ALERT_METRICS = ['votes', 'revenue', 'votes_in_day'] as const satisfies readonly AlertRulesMetricOptions[];
export type AlertRule = AlertRulesRecord;
export type AlertFiring = AlertFiringsRecord & {
  expand?: { rule?: { name: string; metric: AlertRulesMetricOptions }; post?: { id: string; title: string } };
};
export interface Choice {
  id: string;
  name: string;
}
export interface AlertRuleInput {
  name: string;
  metric: string;
  threshold: number;
  board: string;
  segment: string;
  recipients: string[];
}

export function listAlertRules(pb: PocketBase): Promise<AlertRule[]> {
  return pb.collection('alert_rules').getFullList<AlertRule>({ sort: 'name' });
}

export function listRecentFirings(pb: PocketBase, count = 30): Promise<AlertFiring[]> {
  return pb
    .collection('alert_firings')
    .getList<AlertFiring>(1, count, {
      sort: '-created',
      expand: 'rule,post',
      fields: 'id,rule,post,value,state,created,expand.rule.name,expand.rule.metric,expand.post.id,expand.post.title',
      skipTotal: true,
    })
    .then((page) => page.items);
}

/** What a rule may point at: boards, segments, and the staff who may receive its email. */
export async function listAlertChoices(
  pb: PocketBase,
): Promise<{ boards: Choice[]; segments: Choice[]; staff: Choice[] }> {
  const [boards, segments, staff] = await Promise.all([
    listEveryBoard(pb),
    pb.collection('segments').getFullList<Choice>({ sort: 'name', fields: 'id,name' }),
    pb.collection('users').getFullList<Choice>({
      filter: '(role = "moderator" || role = "admin") && blocked = false',
      sort: 'name',
      fields: 'id,name',
    }),
  ]);
  return { boards, segments, staff };
}

export function saveAlertRule(pb: PocketBase, id: string, input: AlertRuleInput): Promise<AlertRule> {
  return id
    ? pb.collection('alert_rules').update<AlertRule>(id, input)
    : pb.collection('alert_rules').create<AlertRule>(input);
}

export function deleteAlertRule(pb: PocketBase, id: string): Promise<boolean> {
  return pb.collection('alert_rules').delete(id);
}

/** A submitted rule form as the collection's fields (PocketBase validates the values). */
export function ruleInputOf(form: FormData): AlertRuleInput {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    // `rule_name`: a control named `name` would shadow its form's own `name` (tests/e2e/accessibility/form-controls.spec.ts).
    name: text('rule_name'),
    metric: text('metric'),
    threshold: Number(text('threshold') || Number.NaN),
    board: text('board'),
    segment: text('segment'),
    recipients: form.getAll('recipients').map(String),
  };
}

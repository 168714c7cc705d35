// Staff insight (/admin/insights): the report PocketBase computes (pb_hooks/insights-report/report.js), its
// CSV, the page's choices read from the URL, and the bar geometry the page's hand-written SVG charts draw.
import type { PocketBase } from '../../lib/pb/client';
import { fetchAsClient } from '../audit/audit';

export const WEEK_CHOICES = [12, 26] as const;
export const WEEKLY_CHARTS = ['ideas', 'votes', 'comments', 'voters', 'misses'] as const;
export type WeeklyChart = (typeof WEEKLY_CHARTS)[number];

export interface InsightsReport {
  weeks: number;
  from: string;
  segment: { id: string; name: string } | null;
  weekly: ({ week: string } & Record<WeeklyChart, number>)[];
  response: { ideas: number; answered: number; median_hours: number | null; p90_hours: number | null };
  done: { ideas: number; done: number; median_days: number | null; p90_days: number | null };
  funnel: { id: string; name: string; slug: string; ideas: number }[];
  rates: { ideas: number; merged: number; unapproved: number; duplicate_percent: number; spam_percent: number };
  top: { votes: TopIdea[]; revenue: TopIdea[] };
  misses: { term: string; searches: number; weeks: number }[];
  /** When PocketBase computed it (a slow report is kept ten minutes). */
  computed_at: string;
}
export interface TopIdea {
  id: string;
  title: string;
  value: number;
}
export interface InsightsQuery {
  weeks: string;
  segment: string;
}

/** The page's choices from its URL: 12 or 26 weeks, and a segment id (or none). */
export function insightsQueryOf(params: URLSearchParams): InsightsQuery {
  const weeks = params.get('weeks') === '26' ? '26' : '12';
  const segment = /^[a-z0-9]{15}$/.test(params.get('segment') ?? '') ? (params.get('segment') as string) : '';
  return { weeks, segment };
}

export function fetchInsightsReport(pb: PocketBase, query: InsightsQuery): Promise<InsightsReport> {
  return pb.send<InsightsReport>('/api/chorus/insights-report', { query });
}

/** The numbers behind one chart (or every chart) as CSV, fetched with the staff member's own token. */
export function fetchInsightsCsv(pb: PocketBase, query: InsightsQuery, chart: string): Promise<Response> {
  const params = new URLSearchParams({ ...query, ...(chart ? { chart } : {}) });
  return fetchAsClient(pb, `/api/chorus/insights-report.csv?${params}`);
}

/** A round top for a chart's scale: 1, 2 or 5 times a power of ten, at least `max` (and at least 1). */
export function scaleTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power) as number;
}

/** Bars of equal width side by side in a `width` × `height` box, each as tall as its share of the scale's top. */
export function barsOf(values: number[], width: number, height: number) {
  const top = scaleTop(Math.max(0, ...values));
  const slot = width / Math.max(1, values.length);
  const gap = Math.min(4, slot / 4);
  return {
    top,
    bars: values.map((value, i) => {
      const h = (value / top) * height;
      return { x: i * slot + gap / 2, y: height - h, width: slot - gap, height: h, value };
    }),
  };
}

/** Query string of the page (and its CSV) with the choices and an optional chart. */
export function insightsHref(path: string, query: InsightsQuery, chart = ''): string {
  const params = new URLSearchParams({ weeks: query.weeks });
  if (query.segment) params.set('segment', query.segment);
  if (chart) params.set('chart', chart);
  return `${path}?${params}`;
}

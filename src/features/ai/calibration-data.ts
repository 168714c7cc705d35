// An admin's calibration of the AI model (issue 61): what PocketBase answers about the points in use and the newest
// run for the model (GET /api/chorus/ai/calibrations/current), and starting a run (POST; pb_hooks/ai/ai.pb.js).
import type { PocketBase } from '../../lib/pb/client';

export interface Points {
  hint: number;
  floor: number;
  alone: number;
}

/** Precision and recall on the labelled pairs of the hints while typing and of the staff's merge queue. */
export interface Figures {
  hints: { precision: number; recall: number };
  queue: { precision: number; recall: number };
}

export type PointsSource = 'site' | 'shipped' | 'strict' | '';

export interface CalibrationRun extends Points {
  id: string;
  state: 'running' | 'done' | 'failed';
  embedded: number;
  total: number;
  error: string;
  before: (Points & Figures & { source: PointsSource }) | null;
  after: (Points & Figures) | null;
  measured: { pairs: number; totalMs: number } | null;
  created: string;
  updated: string;
}

export interface CalibrationStatus {
  configured: boolean;
  provider: string;
  model: string;
  points: Points;
  source: PointsSource;
  runsLeft: number;
  latest: CalibrationRun | null;
}

export function loadCalibration(pb: PocketBase): Promise<CalibrationStatus> {
  return pb.send<CalibrationStatus>('/api/chorus/ai/calibrations/current', {});
}

export function startCalibration(pb: PocketBase): Promise<CalibrationRun> {
  return pb.send<CalibrationRun>('/api/chorus/ai/calibrations', { method: 'POST' });
}

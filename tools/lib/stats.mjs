// Percentiles for benchmark figures.
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function summarize(label, values, unit = 'ms') {
  const f = (v) => `${v.toFixed(1)} ${unit}`;
  return `${label.padEnd(48)} p50 ${f(percentile(values, 50)).padStart(10)}   p95 ${f(percentile(values, 95)).padStart(10)}   (n=${values.length})`;
}

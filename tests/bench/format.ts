/** Small helpers shared by the benchmark's report: units, tables, statistics. */

/** Sizes are reported in kB = 1000 bytes, the unit Vite prints; KiB (1024) is shown where it matters. */
export const KB = 1000;

export function kB(bytes: number): string {
  return `${(bytes / KB).toFixed(2)} kB`;
}

export function kiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KiB`;
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** Lighthouse category score 0..1 as the 0..100 number its report shows. */
export function score100(score: number | null | undefined): string {
  return score === null || score === undefined ? 'err' : String(Math.round(score * 100));
}

/** Median of a list of numbers (mean of the two middle values for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Renders rows as a plain-text table; columns listed in `right` are right-aligned. */
export function table(header: string[], rows: string[][], right: ReadonlySet<number> = new Set()): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => (right.has(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((l) => (l.length > 0 ? by + l : l))
    .join('\n');
}

export function heading(title: string): string {
  return `\n${title}\n${'='.repeat(title.length)}`;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

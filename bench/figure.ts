/**
 * The shape every benchmark reports. Each module in bench/figures/ default-exports a
 * `FigureSource`; bench/run.ts runs them all in file-name order and collects the figures.
 */
export interface Figure {
  /** What was measured, precise enough to compare runs (say when a stand-in is measured). */
  name: string;
  value: number;
  unit: string;
  /** The DESIGN.md §10 target, when there is one. */
  target?: number;
  /** Whether the value must stay at or below the target (default) or at or above it. */
  better?: "lower" | "higher";
}

export type FigureSource = () => Promise<Figure[]>;

/** The p-th percentile (0–100) of `samples`, nearest-rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** Gzipped size of `bytes`, as a browser would download it. */
export async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** Rounds for display and for results.json: 3 significant decimals is plenty. */
export function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}

/** The raw and gzipped bytes of the modules a page loads, summed. */
export async function scriptSizes(
  modules: Uint8Array<ArrayBuffer>[],
): Promise<{ raw: number; gzipped: number }> {
  let raw = 0;
  let gzipped = 0;
  for (const bytes of modules) {
    raw += bytes.length;
    gzipped += await gzipSize(bytes);
  }
  return { raw, gzipped };
}

/**
 * p50/p95 of timing samples and the raw/gzipped size of the modules a page loads, the gzipped
 * size beside the page's budget (DESIGN's 100 KB unless bench/js_budgets.ts sets one).
 */
export function pageFigures(
  page: string,
  samples: number[],
  sizes: { raw: number; gzipped: number },
  budgetKb = 100,
): Figure[] {
  return [
    {
      name: `server time p50, ${page}`,
      value: round(percentile(samples, 50)),
      unit: "ms",
      target: 50,
    },
    { name: `server time p95, ${page}`, value: round(percentile(samples, 95)), unit: "ms" },
    { name: `JS shipped raw, ${page}`, value: round(sizes.raw / 1024, 1), unit: "KB" },
    {
      name: `JS shipped gzipped, ${page}`,
      value: round(sizes.gzipped / 1024, 1),
      unit: "KB",
      target: budgetKb,
    },
  ];
}

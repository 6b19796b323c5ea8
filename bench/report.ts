// Measuring and printing benchmark figures: medians of pieces of work timed in
// interleaved rounds (so each sees the same machine), each figure a value and,
// for the targets, the target and whether it is met.
export type Figure = { name: string; value: string; target?: string; pass?: boolean };

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

type Medians<W extends readonly unknown[]> = { -readonly [K in keyof W]: number };

/** Median milliseconds of each piece of work, run in interleaved rounds after a warm-up of ten each. */
export async function interleaved<const W extends readonly (() => Promise<unknown>)[]>(
  works: W,
  rounds = ROUNDS,
): Promise<Medians<W>> {
  for (const work of works) for (let i = 0; i < 10; i++) await work(); // warm caches and plans
  const samples = works.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, work] of works.entries()) {
      const start = performance.now();
      await work();
      samples[i]!.push(performance.now() - start);
    }
  }
  return samples.map(median) as Medians<W>;
}

/** A figure comparing two medians in milliseconds, met when the second is at most `target` times the first. */
export const ratioFigure = (name: string, a: number, b: number, target = 1.2, digits = 2): Figure => ({
  name,
  value: `${a.toFixed(digits)} ms vs ${b.toFixed(digits)} ms, ratio ${(b / a).toFixed(2)}`,
  target: `<= ${target}`,
  pass: b / a <= target,
});

/** A figure printed for scale only: a median and its ratio to page 1's. */
export const scaleFigure = (name: string, first: number, other: number): Figure => ({
  name,
  value: `${other.toFixed(2)} ms, ratio to page 1 ${(other / first).toFixed(2)}`,
});

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const figure of figures) {
    const verdict = figure.target ? `  (target ${figure.target}: ${figure.pass ? "met" : "NOT MET"})` : "";
    console.log(`  ${figure.name.padEnd(width)}  ${figure.value}${verdict}`);
  }
}

// Measuring and printing benchmark figures: medians of pieces of work timed in
// interleaved rounds (so each sees the same machine), each figure a value and,
// for the targets, the target and whether it is met. What is printed inside a
// figuresSection is also written to docs/performance/figures.md by saveFigures.
import { commit, loadAverage, machine, writeFigures, type FigureSection } from "./figures-file";

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
  recordFigures(title, figures);
}

const measured: FigureSection[] = [];
let current: { section: FigureSection; started: Date; loadBefore: string } | undefined;

function closeSection() {
  if (!current) return;
  const { section, started, loadBefore } = current;
  section.measured =
    `Measured ${started.toISOString().slice(0, 10)} at ${commit()} on ${machine()}; ` +
    `load average ${loadBefore} before, ${loadAverage()} after.`;
  if (section.tables.length > 0) measured.push(section);
  current = undefined;
}

/** Starts a section of the figures file: the figures printed from now on go under `heading`. */
export function figuresSection(key: string, heading: string) {
  closeSection();
  current = { section: { key, heading, measured: "", tables: [] }, started: new Date(), loadBefore: loadAverage() };
}

/** Keeps figures for the file without printing them (a command that prints its own way). */
export function recordFigures(title: string, figures: Figure[]) {
  current?.section.tables.push({ title, figures });
}

/** Writes the sections measured so far into docs/performance/figures.md, keeping the others there. */
export function saveFigures(command: string) {
  closeSection();
  writeFigures(measured.splice(0), command);
}

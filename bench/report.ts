// Printing benchmark figures: each a value, and for the targets, the target and whether it is met.
export type Figure = { name: string; value: string; target?: string; pass?: boolean };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const figure of figures) {
    const verdict = figure.target ? `  (target ${figure.target}: ${figure.pass ? "met" : "NOT MET"})` : "";
    console.log(`  ${figure.name.padEnd(width)}  ${figure.value}${verdict}`);
  }
}

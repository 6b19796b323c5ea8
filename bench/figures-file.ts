// The benchmarks' figures as a file: docs/performance/figures.md, written by
// `npm run bench` (and bench:live, bench:pages, load) from what they print, so
// the figures in the docs are the last measured ones and nobody keeps them by
// hand. One section per part of a run, each with when, at which commit and on
// what machine it was measured: a run of some parts (BENCH_SECTIONS) replaces
// their sections and keeps the others as they were.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Figure } from "./report";

export const FIGURES_FILE = path.resolve(import.meta.dirname, "../docs/performance/figures.md");

export type FigureTable = { title: string; figures: Figure[] };
export type FigureSection = {
  key: string;
  heading: string;
  /** "Measured <date> at <commit> on <machine>; load average ...": where the figures come from. */
  measured: string;
  tables: FigureTable[];
};

// The order of the sections in the file, whichever runs wrote them.
const ORDER = [
  "processing",
  "http",
  "embedded",
  "grid",
  "images",
  "comments",
  "ratings",
  "meetings",
  "memory",
  "live",
  "pages",
  "load",
];

const SECTION = /<!-- section: ([\w-]+) -->\n[\s\S]*?<!-- \/section -->\n/g;

/** The machine a run measures on, in one line: cores, CPU, memory, system, Node. */
export function machine(): string {
  const cpus = os.cpus();
  const gb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${gb} GB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** The commit measured, with "+changes" when the working tree differs from it. */
export function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return "an unknown commit";
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** One section as Markdown, between the markers the next run finds it by. */
export function renderSection(section: FigureSection): string {
  const lines = [`<!-- section: ${section.key} -->`, `## ${section.heading}`, "", section.measured, ""];
  for (const table of section.tables) {
    lines.push(`**${cell(table.title.trim())}**`, "", "| Figure | Value | Target |", "| --- | --- | --- |");
    for (const figure of table.figures) {
      const target = figure.target ? `${figure.target}: ${figure.pass ? "met" : "**not met**"}` : "";
      lines.push(`| ${cell(figure.name)} | ${cell(figure.value)} | ${cell(target)} |`);
    }
    lines.push("");
  }
  lines.push("<!-- /section -->", "");
  return lines.join("\n");
}

/** The sections of a figures file, by key, as they are written. */
export function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const match of text.matchAll(SECTION)) sections.set(match[1]!, match[0]);
  return sections;
}

/** The whole file: `fresh` sections replace those of `existing` with their key; the others are kept. */
export function mergeFigures(existing: string, fresh: FigureSection[], written: string): string {
  const sections = sectionsOf(existing);
  for (const section of fresh) sections.set(section.key, renderSection(section));
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  const keys = [...sections.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return [
    "# Benchmark figures",
    "",
    "<!-- Generated: do not edit by hand. bench/figures-file.ts writes it; a run replaces the sections it measured. -->",
    "",
    `Last written by ${written}. Each section says when, at which commit and on what machine it was`,
    "measured. What each benchmark measures, and why the targets are what they are:",
    "[performance.md](../performance.md).",
    "",
    ...keys.map((key) => sections.get(key)!),
  ].join("\n");
}

/** Writes `fresh` into the figures file (made when missing), keeping the sections this run did not measure. */
export function writeFigures(fresh: FigureSection[], command: string, file = FIGURES_FILE) {
  if (fresh.length === 0) return;
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const written = `\`${command}\` on ${new Date().toISOString().slice(0, 10)}, ${machine()}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, mergeFigures(existing, fresh, written));
  console.log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
}

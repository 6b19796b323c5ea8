// docs/performance/figures.md is written by the benchmarks, never by hand: a run
// replaces the sections it measured, keeps the others, and says when and where.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mergeFigures, sectionsOf, writeFigures, type FigureSection } from "./figures-file";

const section = (key: string, value: string, measured = `Measured 2026-11-26 at abc1234 on a test machine.`) =>
  ({
    key,
    heading: `The ${key} part`,
    measured,
    tables: [
      {
        title: "Paging",
        figures: [
          { name: "page 1 vs 40 | last", value, target: "<= 1.2", pass: true },
          { name: "bad", value: "1.5", target: "<= 1.2", pass: false },
          { name: "scale only", value: "12 ms" },
        ],
      },
    ],
  }) satisfies FigureSection;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the figures file", () => {
  it("writes each figure in a table with its target and verdict, under when and where it was measured", () => {
    const text = mergeFigures("", [section("comments", "0.92")], "`npm run bench` on 2026-11-26, 2 cores");
    expect(text).toMatch(/^# Benchmark figures\n/);
    expect(text).toContain("Last written by `npm run bench` on 2026-11-26, 2 cores.");
    expect(text).toContain("Measured 2026-11-26 at abc1234 on a test machine.");
    // A pipe in a name would split the row: escaped.
    expect(text).toContain("| page 1 vs 40 \\| last | 0.92 | <= 1.2: met |");
    expect(text).toContain("| bad | 1.5 | <= 1.2: **not met** |");
    expect(text).toContain("| scale only | 12 ms |  |");
  });

  it("replaces only the sections a run measured, keeps the others, in a fixed order", () => {
    const first = mergeFigures("", [section("memory", "199 MB"), section("processing", "0.85")], "run one");
    const second = mergeFigures(first, [section("processing", "0.91", "Measured 2026-12-01 at def5678.")], "run two");
    const sections = sectionsOf(second);
    expect([...sections.keys()]).toEqual(["processing", "memory"]);
    expect(sections.get("processing")).toContain("0.91");
    expect(sections.get("processing")).toContain("Measured 2026-12-01 at def5678.");
    expect(second).not.toContain("0.85");
    expect(sections.get("memory")).toBe(sectionsOf(first).get("memory"));
    expect(second).toContain("Last written by run two.");
  });

  it("makes the file and its folder when missing, and writes nothing when nothing was measured", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-figures-"));
    dirs.push(dir);
    const file = path.join(dir, "performance", "figures.md");
    writeFigures([], "npm run bench", file);
    expect(fs.existsSync(file)).toBe(false);
    writeFigures([section("ratings", "0.87")], "npm run bench", file);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toMatch(/Last written by `npm run bench` on \d{4}-\d{2}-\d{2}, \d+ cores \(/);
    expect(sectionsOf(text).get("ratings")).toContain("0.87");
  });
});

// One spelling of the word in what members read: 'licence',
// as the contract's prose has it. The contract's field names (`license`,
// `acquireLicensePage`) and the Creative Commons addresses keep theirs; what
// this looks for is the word inside a string or between JSX tags.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname, "..");

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/**
 * The word spelt with an s as a text begins it ('License', "Acquire License Page", <dt>License</dt>),
 * inside a sentence ('license page', 'license must') or after a word that makes it prose ('Acquire a
 * license', 'the licenses'); not the field names, nor HTML's rel="license".
 */
const SPELT_WITH_S =
  /(["'`]|>\s*)(Acquire )?License\b|\b[Ll]icense (page|must|of|for)\b|\b(a|an|the|this|your|its|their|of|no|any) [Ll]icenses?\b/;

describe("the word licence", () => {
  it("is spelt 'licence' in every text of the app", () => {
    const found = sourceFiles(APP).flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ where: `${path.relative(APP, file)}:${index + 1}`, line }))
        .filter(({ line }) => SPELT_WITH_S.test(line) && !/creativecommons\.org\/licenses/.test(line)),
    );
    expect(found).toEqual([]);
  });
});

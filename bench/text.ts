// Text work is linear: every function that walks what a
// visitor or member sent, fed the input that made it quadratic or recursive,
// at 1 KB to 64 KB. Each sample does 64 KB of work (64 texts of 1 KB, one of
// 64 KB), so the figures are time per character at each size, and the target
// is that 64 KB costs per character what 1 KB does (at most 2 times, noise).
//
// The walks: links (linkify), the NUL check of every form and JSON body, names
// and usernames, a comment's check, and the log's redaction of an error. (The
// club has no mentions and no search, so no such walk to show.)
//
// In this process, no database: `BENCH_SECTIONS=text npm run bench`.
import { serializeError } from "~/base/logger.server";
import { linkPieces } from "~/lib/linkify";
import { PersonNameSchema, UsernameSchema } from "~/lib/account-schemas";
import { CommentEditSchema } from "~/lib/comment-schemas";
import { refuseNulCharacters } from "~/server/body-limit.server";
import { interleaved, type Figure } from "./report";

const KB = 1024;
const SIZES_KB = [1, 4, 16, 64] as const;
const WORK_PER_SAMPLE = 64 * KB;

/** `input` gives the text of `length` characters as the walk takes it (the NUL check's JSON already parsed). */
/** `scaleOnly`: printed for scale, without the target (what grows is V8's own, not the walk's). */
type Walker<T = string> = { name: string; input: (length: number) => T; walk: (input: T) => unknown; scaleOnly?: true };
const walker = <T>(w: Walker<T>) => w as unknown as Walker<unknown>;

const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

export const WALKERS: Walker<unknown>[] = [
  // 4,992 of these took 155 ms before (quadratic), 64 KB about 26 s.
  walker({
    name: "linkify: an address and closing brackets",
    input: (n) => `http://a${")".repeat(n - 8)}`,
    walk: linkPieces,
  }),
  walker({
    name: "linkify: brackets opened and closed",
    input: (n) => `http://a/${repeatTo("(x)", n - 9)}`,
    walk: linkPieces,
  }),
  walker({ name: "linkify: an address every 9 characters", input: (n) => repeatTo("http://a ", n), walk: linkPieces }),
  walker({
    name: "linkify: punctuation and brackets",
    input: (n) => `http://a${repeatTo(".)", n - 8)}`,
    walk: linkPieces,
  }),
  // JSON nested as deep as the text allows: the NUL check recursed once a level (a stack overflow at 30,000).
  // (JSON.parse itself is V8's, iterative, and left out of the figure.)
  walker({
    name: "NUL check: JSON nested n/2 deep",
    input: (n) => JSON.parse(`${"[".repeat(n / 2 - 1)}""${"]".repeat(n / 2 - 1)}`) as unknown,
    walk: refuseNulCharacters,
  }),
  // Past about a thousand keys V8 keeps an object as a dictionary, whose keys cost more each (64 KB: 4 ms).
  walker({
    scaleOnly: true,
    name: "NUL check: an object of n/8 fields",
    input: (n) => Object.fromEntries(Array.from({ length: n / 8 }, (_, i) => [`k${i}`, "v"])),
    walk: refuseNulCharacters,
  }),
  // Names are bounded at 100 characters; the check must refuse a long one in one pass.
  walker({
    name: "a name's check",
    input: (n) => repeatTo("Ann\u202e ", n),
    walk: (text) => PersonNameSchema("Name").safeParse(text),
  }),
  // A username's pattern fails only at its last character (a pattern that backtracked would show here).
  walker({
    name: "a username's check",
    input: (n) => `${repeatTo("a.-_", n - 1)}!`,
    walk: (text) => UsernameSchema.safeParse(text),
  }),
  // A comment's text is trimmed before its bound: spaces round one letter, then the text checked.
  walker({
    name: "a comment's check",
    input: (n) => ({ body: `${" ".repeat(n / 2 - 1)}x${" ".repeat(n / 2)}` }),
    walk: (body) => CommentEditSchema.safeParse(body),
  }),
  // The log's redaction of an error (a failed query's parameters, a path segment Express quotes): the
  // message and stack are the member's text when a path or a field is.
  walker({
    name: "the log's redaction of an error",
    input: (n) => new Error(repeatTo("Failed to decode param 'x\n\nparams ", n)),
    walk: serializeError,
  }),
];

const perCharacter = (ms: number) => `${((ms * 1e6) / WORK_PER_SAMPLE).toFixed(1)} ns`;

/** For each walker, nanoseconds per character at each size, and 64 KB against 1 KB. */
export async function textFigures(rounds = 30): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const walk of WALKERS) figures.push(await figureOf(walk, rounds));
  return figures;
}

/** One walker's time per character at each size, and 64 KB against 1 KB. */
async function figureOf({ name, input, walk, scaleOnly }: Walker<unknown>, rounds: number): Promise<Figure> {
  const works = SIZES_KB.map((size) => {
    const text = input(size * KB);
    const times = WORK_PER_SAMPLE / (size * KB);
    return async () => {
      for (let i = 0; i < times; i++) walk(text);
    };
  });
  const medians = await interleaved(works, rounds);
  const ratio = medians.at(-1)! / medians[0]!;
  return {
    name,
    value: `${SIZES_KB.map((size, i) => `${size} KB ${perCharacter(medians[i]!)}`).join(", ")}; 64 KB vs 1 KB ${ratio.toFixed(2)}`,
    ...(scaleOnly ? {} : { target: "<= 2", pass: ratio <= 2 }),
  };
}

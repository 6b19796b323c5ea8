// Where each card of a photo grid sits, so every photo shows whole (no crop)
// with no blank space between cards: a masonry of 1, 2, 3 or 4 columns by
// breakpoint, computed while rendering, on the server too, so
// it needs no JavaScript in the browser.
//
// Each card goes, in reading order, under the column that ends highest (the
// leftmost on a tie), so the first row runs left to right and every card starts
// no higher than the one before it: reading and keyboard order (the list's
// order) runs row by row. "Highest" is judged at a typical column width, but
// the browser's column may be narrower or wider, and two columns that nearly
// tie at one width can swap at another; so a column only qualifies if it ends
// no higher than the previous card's top at every width the breakpoint can
// have (the previous card's own column always does). Only the choice of column is made here; the lengths
// are CSS arithmetic the browser finishes from the real column width
// (`--col`, from the grid's own width), so the cards touch exactly at any
// width within a breakpoint:
//
//   a card's top  = sum over the cards above it in its column of
//                   (photo height + var(--row)), var(--row) being var(--text) + var(--gap)
//   photo height  = min(var(--col), the original's width) * height / width
//
// A photo is never shown wider than its original (a small original is not
// stretched); one at least WIDE_ENOUGH pixels wide fills any column, so its
// height is a plain multiple of var(--col) and the sums stay short.
import type { CSSProperties } from "react";

export type PhotoShape = { width: number | null; height: number | null };

/**
 * The grid's breakpoints (kept in step with photos.css): column count, the
 * smallest window width it applies from, a typical column width there (which
 * settles near-ties when choosing a column), and the narrowest and widest
 * column the breakpoint can give (window range less the page's 2rem padding
 * and the gutters, with room to spare for a scrollbar or a narrower frame),
 * over which reading order must hold.
 */
export const GRID_LAYOUTS = [
  { columns: 1, minWidth: 0, typicalColumn: 400, minColumn: 200, maxColumn: 560 },
  { columns: 2, minWidth: 560, typicalColumn: 330, minColumn: 230, maxColumn: 420 },
  { columns: 3, minWidth: 860, typicalColumn: 300, minColumn: 240, maxColumn: 360 },
  { columns: 4, minWidth: 1100, typicalColumn: 270, minColumn: 230, maxColumn: 300 },
] as const;

/** The page is at most 1200 px wide, so no column is wider: a photo this wide always fills its column. */
export const WIDE_ENOUGH = 1200;
/** Typical gutter and caption block (1rem, 3.75rem at 16 px), for the same near-ties. */
const TYPICAL_GAP = 16;
const TYPICAL_TEXT = 60;

/** The shape a photo of unknown size is given: 4:3 landscape, shown whole inside it. */
const UNKNOWN = { width: 4, height: 3 };

function isKnown(shape: PhotoShape): shape is { width: number; height: number } {
  return Boolean(shape.width && shape.height && shape.width > 0 && shape.height > 0);
}

function known(shape: PhotoShape): { width: number; height: number } {
  return isKnown(shape) ? shape : UNKNOWN;
}

/** The photo's height per unit of width. */
export function heightPerWidth(shape: PhotoShape): number {
  const { width, height } = known(shape);
  return height / width;
}

/** How the photo's box is sized: its own aspect ratio, never wider than the original. */
export function photoBoxStyle(shape: PhotoShape): CSSProperties {
  if (!isKnown(shape)) return { aspectRatio: `${UNKNOWN.width} / ${UNKNOWN.height}` };
  return { aspectRatio: `${shape.width} / ${shape.height}`, maxWidth: `${shape.width}px` };
}

/** A run of cards stacked in one column: what their heights add up to. */
export type Stack = {
  /** Sum of height-per-width of the photos that fill the column. */
  ratio: number;
  /** Photos narrower than WIDE_ENOUGH: each adds min(column, its width) * its ratio. */
  narrow: { width: number; ratio: number }[];
  /** Number of cards (each adds a caption block and a gutter). */
  cards: number;
};

const emptyStack = (): Stack => ({ ratio: 0, narrow: [], cards: 0 });

function add(stack: Stack, shape: PhotoShape): Stack {
  const ratio = heightPerWidth(shape);
  // A photo of unknown size fills its column (its box is 4:3, the photo shown whole inside).
  const width = isKnown(shape) ? shape.width : Infinity;
  const wide = width >= WIDE_ENOUGH;
  return {
    ratio: wide ? stack.ratio + ratio : stack.ratio,
    narrow: wide ? stack.narrow : [...stack.narrow, { width, ratio }],
    cards: stack.cards + 1,
  };
}

/** The stack's height in pixels for a column width, caption block and gutter (its last gutter included). */
export function stackPixels(stack: Stack, column: number, text: number, gap: number): number {
  const narrow = stack.narrow.reduce((sum, photo) => sum + Math.min(column, photo.width) * photo.ratio, 0);
  return stack.ratio * column + narrow + stack.cards * (text + gap);
}

/** Short, stable numbers for the CSS (the server's and the browser's renders must match). */
const num = (value: number) => String(Number(value.toFixed(6)));

/** The stack's height as a CSS length (its last gutter included, less `minusGap` of them). */
export function stackCss(stack: Stack, minusGap = 0): string {
  const terms: string[] = [];
  if (stack.ratio) terms.push(`${num(stack.ratio)} * var(--col)`);
  for (const photo of stack.narrow) terms.push(`min(var(--col), ${photo.width}px) * ${num(photo.ratio)}`);
  // var(--row) is a card's caption block and gutter (photos.css): written out, it was a fifth of every card's style.
  if (stack.cards) terms.push(`${stack.cards} * var(--row)`);
  if (!terms.length) return "0px";
  return minusGap ? `calc(${terms.join(" + ")} - var(--gap))` : `calc(${terms.join(" + ")})`;
}

export type Placement = {
  /** Each card's column (0 = leftmost) and the stack above it, in the list's order. */
  cards: { column: number; above: Stack }[];
  /** Each column's whole stack. */
  columns: Stack[];
};

/**
 * The column widths at which two stacks' heights must be compared to know one
 * is never below the other over the breakpoint: its two ends and every narrow
 * photo's width between them (a stack's height is a straight line in the
 * column width but for a bend where a narrow photo stops growing).
 */
function checkpoints(layout: (typeof GRID_LAYOUTS)[number], shapes: PhotoShape[]): number[] {
  const bends = shapes
    .filter(isKnown)
    .map((shape) => shape.width)
    .filter((width) => width > layout.minColumn && width < layout.maxColumn);
  return [layout.minColumn, layout.maxColumn, ...bends];
}

/** Places the cards, in order, each under the column that ends highest (leftmost on a tie), never above the card before. */
export function placeCards(shapes: PhotoShape[], columnCount: number, withText: boolean): Placement {
  const layout = GRID_LAYOUTS.find((l) => l.columns === columnCount) ?? GRID_LAYOUTS[0];
  const text = withText ? TYPICAL_TEXT : 0;
  const widths = checkpoints(layout, shapes);
  const columns = Array.from({ length: columnCount }, emptyStack);
  let previousTop = emptyStack();
  let previousColumn = -1;
  const cards = shapes.map((shape) => {
    let column = -1;
    let lowest = Infinity;
    columns.forEach((stack, index) => {
      // Left of the previous card's column it must start clearly lower, or the two would share a row
      // somewhere with the later card first; to its right, level is fine.
      const margin = index < previousColumn ? 0.5 : -0.01;
      const startsAfterPrevious = widths.every(
        (width) =>
          stackPixels(stack, width, text, TYPICAL_GAP) >= stackPixels(previousTop, width, text, TYPICAL_GAP) + margin,
      );
      if (!startsAfterPrevious) return;
      const height = stackPixels(stack, layout.typicalColumn, text, TYPICAL_GAP);
      // A hair's difference is a tie, so equal rows fill left to right.
      if (height < lowest - 0.01) {
        lowest = height;
        column = index;
      }
    });
    const above = columns[column]!;
    columns[column] = add(above, shape);
    previousTop = above;
    previousColumn = column;
    return { column, above };
  });
  return { cards, columns };
}

type CustomProperties = CSSProperties & Record<`--${string}`, string>;

/** The styles of one grid: what masonryStyles answers. */
export type MasonryStyles = { list: CustomProperties; cards: CustomProperties[] };

// The same page of a list is drawn for every member who opens it, and its placement depends only on its
// photos' shapes: kept for the most recent grids, it is computed once per page rather than once per
// request (about 2 % of /browse's CPU). Bounded, so a walk through every page of a big club holds no more.
const KEPT_GRIDS = 200;
const placedGrids = new Map<string, MasonryStyles>();

/**
 * The inline custom properties of a grid and its cards, for every breakpoint:
 * per card `--x{n}` (its column) and `--y{n}` (its top); for the list `--h{n}`
 * (its height: the longest column). photos.css picks the `n` of the window.
 * The answer is shared by every grid of the same shapes: never changed by its reader.
 */
export function masonryStyles(shapes: PhotoShape[], withText: boolean): MasonryStyles {
  const key = `${withText ? "t" : "-"}${shapes.map((shape) => `${shape.width}x${shape.height}`).join(",")}`;
  const kept = placedGrids.get(key);
  if (kept) return kept;
  const placed = placeGrid(shapes, withText);
  if (placedGrids.size >= KEPT_GRIDS) placedGrids.delete(placedGrids.keys().next().value!);
  placedGrids.set(key, placed);
  return placed;
}

function placeGrid(shapes: PhotoShape[], withText: boolean): MasonryStyles {
  const list: CustomProperties = {};
  const cards: CustomProperties[] = shapes.map(() => ({}));
  for (const { columns: n } of GRID_LAYOUTS) {
    const placement = placeCards(shapes, n, withText);
    placement.cards.forEach((card, index) => {
      cards[index]![`--x${n}`] = String(card.column);
      cards[index]![`--y${n}`] = stackCss(card.above);
    });
    // Columns of the same height are named once: a full page's columns often are (and each is 60 bytes of the page).
    const filled = [
      ...new Set(placement.columns.filter((stack) => stack.cards > 0).map((stack) => stackCss(stack, 1))),
    ];
    list[`--h${n}`] = filled.length > 1 ? `max(${filled.join(", ")})` : (filled[0] ?? "0px");
  }
  return { list, cards };
}

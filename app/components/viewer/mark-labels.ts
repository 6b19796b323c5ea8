// Names on the photo kept apart: on a phone several
// members' crops and pointers start near one spot, and their names piled into
// one unreadable block. Each label keeps its place when it is free; one that
// would cover a label already placed moves down (or up) by its own height, a
// step at a time, to the nearest free place, so every name stays readable and
// stays next to its mark. Plain maths on boxes, so it is tested without a browser.

/** A label's box, in px from the top left of the photo's box. */
export type LabelBox = { left: number; top: number; width: number; height: number };
export type LabelShift = { dx: number; dy: number };

/** Space kept between two labels, px. */
const GAP = 2;
/** How many steps a label may move each way before it takes the least covered place. */
const MAX_STEPS = 6;

function overlap(a: LabelBox, b: LabelBox): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) + GAP;
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) + GAP;
  return width > 0 && height > 0 ? width * height : 0;
}

/** Each label's shift, in order: the first keeps its place, each later one the nearest place none covers. */
export function unpileLabels(boxes: LabelBox[]): LabelShift[] {
  const placed: LabelBox[] = [];
  return boxes.map((box) => {
    const step = box.height + GAP;
    const tries = [0];
    for (let n = 1; n <= MAX_STEPS; n++) tries.push(n * step, -n * step);
    let best = { dy: 0, covered: Infinity };
    for (const dy of tries) {
      const moved = { ...box, top: box.top + dy };
      const covered = placed.reduce((sum, other) => sum + overlap(moved, other), 0);
      if (covered < best.covered) best = { dy, covered };
      if (covered === 0) break;
    }
    placed.push({ ...box, top: box.top + best.dy });
    return { dx: 0, dy: best.dy };
  });
}

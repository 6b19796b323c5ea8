// What the presenter's screen decides, apart from React and sockets: which key
// moves where, the position line, and when the photo on screen opened for the
// timer. The screen follows the review room's lead: each view the leader sends
// takes it to the leader's photo; a key moves it on its own until the next.

/** One photo as the presenter's screen shows it (routes/meetings/presenter-data.server.ts makes them). */
export type PresenterSlide = {
  id: number;
  caption: string | null;
  largeUrl: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  /** Null while the meeting hides its authors: the screen says 'Anonymous'. */
  author: string | null;
  /** A competition's entry: its category and number (its author comes with its result). */
  entry: { number: number; category: string } | null;
};

/** What a key does on the presenter's screen (arrows, a clicker's Page Up/Down, Home/End). */
export type PresenterStep = "previous" | "next" | "first" | "last";

const KEY_STEPS: Record<string, PresenterStep> = {
  ArrowLeft: "previous",
  ArrowUp: "previous",
  PageUp: "previous",
  ArrowRight: "next",
  ArrowDown: "next",
  PageDown: "next",
  Home: "first",
  End: "last",
};

/** The step a key press asks for, or null (a key with Ctrl, Alt or Meta is the browser's). */
export function stepOfKey(event: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }) {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  return KEY_STEPS[event.key] ?? null;
}

/** The index a step leads to from `index` among `count` photos (it stays at either end). */
export function stepIndex(index: number, count: number, step: PresenterStep): number {
  if (count === 0) return 0;
  const to = { previous: index - 1, next: index + 1, first: 0, last: count - 1 }[step];
  return Math.min(count - 1, Math.max(0, to));
}

/** '3 / 12': the photo's place in the meeting's order. */
export function positionText(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}

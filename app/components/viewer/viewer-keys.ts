// The full-screen viewer's keys, apart from React and the DOM
// so they can be tested on their own: which command a key press is, and where
// Tab goes so that focus never leaves the viewer for the page behind it.

/** What a key asks the viewer to do. */
export type ViewerCommand = "previous" | "next" | "zoomIn" | "zoomOut" | "resetZoom" | "escape";

/** The parts of a key press that decide its command. */
export type ViewerKeyPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  /** The tag of the element the key was pressed in (INPUT, TEXTAREA, ...). */
  targetTag: string;
};

// Shift is not read: '+' and '_' need it on most keyboards.
const COMMANDS = new Map<string, ViewerCommand>([
  ["ArrowLeft", "previous"],
  ["ArrowRight", "next"],
  ["+", "zoomIn"],
  ["=", "zoomIn"],
  ["-", "zoomOut"],
  ["_", "zoomOut"],
  ["0", "resetZoom"],
  ["Escape", "escape"],
]);

/** Keys typed into these belong to the field (the crop's comment), not to the viewer. */
const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * The command of a key press, or null when the key is not the viewer's: a
 * press something else already handled, one with Alt, Ctrl or Cmd (the
 * browser's own shortcuts), or one typed into a field. Tab is not a command;
 * `tabTarget` keeps it inside.
 */
export function viewerCommand(press: ViewerKeyPress): ViewerCommand | null {
  if (press.defaultPrevented || press.altKey || press.ctrlKey || press.metaKey) return null;
  if (FIELDS.has(press.targetTag)) return null;
  return COMMANDS.get(press.key) ?? null;
}

/**
 * Where Tab (or Shift+Tab) must take focus to stay inside the viewer, given
 * what can be focused in it now, in order: "root" (the viewer itself) when
 * nothing can, round from the last to the first (and back), or null where the
 * browser's own move stays inside.
 */
export function tabTarget<T>(
  focusable: readonly T[],
  active: unknown,
  root: unknown,
  shift: boolean,
): T | "root" | null {
  const first = focusable[0];
  const last = focusable.at(-1);
  if (first === undefined || last === undefined) return "root";
  if (shift && (active === first || active === root)) return last;
  if (!shift && active === last) return first;
  return null;
}

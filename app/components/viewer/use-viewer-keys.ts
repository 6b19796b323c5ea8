// The viewer's keys (arrows, + - 0, Esc; viewer-keys.ts maps them) from
// wherever focus is in it, Tab kept inside it, and focus on the viewer as it
// opens so the keys work at once.
import { useEffect, useRef, type RefObject } from "react";
import { tabTarget, viewerCommand, type ViewerCommand } from "./viewer-keys";

/** A key press, from React or straight from the browser. */
type KeyPress = Pick<
  KeyboardEvent,
  "key" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey" | "defaultPrevented" | "target" | "preventDefault"
>;

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round the viewer's controls (those shown), never out to the page behind it. */
function keepTabInside(root: HTMLElement | null, event: KeyPress) {
  const focusable = [...(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const target = tabTarget(focusable, document.activeElement, root, event.shiftKey);
  if (target === null) return;
  event.preventDefault();
  if (target === "root") root?.focus();
  else target.focus();
}

/** Returns the viewer's onKeyDown; `run` does what a key asks. */
export function useViewerKeys(root: RefObject<HTMLDivElement | null>, run: (command: ViewerCommand) => void) {
  const onKeyDown = (event: KeyPress) => {
    if (event.key === "Tab") {
      keepTabInside(root.current, event);
      return;
    }
    const { key, altKey, ctrlKey, metaKey, defaultPrevented } = event;
    const targetTag = (event.target as HTMLElement | null)?.tagName ?? "";
    const command = viewerCommand({ key, altKey, ctrlKey, metaKey, defaultPrevented, targetTag });
    if (!command) return;
    run(command);
    event.preventDefault();
  };

  useEffect(() => {
    root.current?.focus();
  }, [root]);

  // A key pressed while focus has fallen out of the viewer (the button in focus was replaced, e.g.
  // 'Lead the review' by 'Stop leading') lands on <body>: it is still the viewer's, not the page's
  // behind it (whose arrows would leave full screen for the neighbour's detail).
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const onStray = (event: KeyboardEvent) => {
      const inside = root.current && event.target instanceof Node && root.current.contains(event.target);
      if (inside || document.querySelector("dialog[open]")) return;
      event.stopPropagation();
      root.current?.focus();
      keys.current(event);
    };
    document.addEventListener("keydown", onStray, true);
    return () => document.removeEventListener("keydown", onStray, true);
  }, [root]);

  return onKeyDown;
}

// The photo detail's keys: the left and right arrows go to
// the previous and next photo. Kept apart from React and the DOM so it can be
// tested on its own.

export type ArrowPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
};

/**
 * Where an arrow takes the reader: the neighbour's address, or null when the
 * key is not an arrow to a neighbour there is, or is not the page's (handled
 * already, or with a modifier: the browser's and the screen reader's own).
 */
export function arrowTarget(press: ArrowPress, links: { previous: string | null; next: string | null }) {
  if (press.defaultPrevented || press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  if (press.key === "ArrowLeft") return links.previous;
  if (press.key === "ArrowRight") return links.next;
  return null;
}

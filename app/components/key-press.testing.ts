// The key press the keyboard tests of the photo detail, the viewer and the
// presenter make: a key with no modifier held, not yet handled, pressed on a
// plain element; each test changes what it is about (a modifier, a field).
import type { ArrowPress } from "./detail/detail-keys";
import type { ViewerKeyPress } from "./viewer/viewer-keys";

/** Every field any of their key handlers reads. */
export type TestKeyPress = ArrowPress & ViewerKeyPress;

export const press = (key: string, more: Partial<TestKeyPress> = {}): TestKeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  targetTag: "DIV",
  ...more,
});

// What Enter does in a comment box (Enter posts), apart from
// React so it can be tested on its own. On a touch keyboard there is no
// Shift+Enter to speak of, so there Enter starts a new line, as a phone's
// keyboard promises, and the form's button posts.

/** The parts of a key press that decide (a KeyboardEvent has them all). */
export type CommentKey = {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An input method is composing a word: its Enter is the input method's. */
  isComposing: boolean;
};

/**
 * 'post' when the key posts the form (the caller keeps the new line out and
 * submits a box with text in it); 'type' when it does what the box does with
 * it (a new line, a word's composition, any other key).
 */
export function commentKeyAction(key: CommentKey, touchKeyboard: boolean): "post" | "type" {
  if (key.key !== "Enter" || key.shiftKey || key.altKey || key.ctrlKey || key.metaKey) return "type";
  if (key.isComposing || touchKeyboard) return "type";
  return "post";
}

/** The media query of a screen whose pointer is a finger: its keyboard is the touch one. */
export const TOUCH_POINTER_QUERY = "(pointer: coarse)";

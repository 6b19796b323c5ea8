import type { ComponentProps, KeyboardEvent } from "react";
import { commentKeyAction, TOUCH_POINTER_QUERY } from "./comment-keys";

/**
 * A comment's textarea: Enter posts the form, Shift+Enter
 * starts a new line. Enter while an input method is composing a word belongs
 * to the input method; Enter in an empty box does nothing. On a touch screen
 * Enter starts a new line and the form's button posts (comment-keys.ts).
 */
export function CommentTextarea({ onEscape, ...props }: ComponentProps<"textarea"> & { onEscape?: () => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    props.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === "Escape" && onEscape) {
      event.preventDefault();
      onEscape();
      return;
    }
    const touchKeyboard = window.matchMedia(TOUCH_POINTER_QUERY).matches;
    const { key, shiftKey, altKey, ctrlKey, metaKey } = event;
    const keyPress = { key, shiftKey, altKey, ctrlKey, metaKey, isComposing: event.nativeEvent.isComposing };
    if (commentKeyAction(keyPress, touchKeyboard) !== "post") return;
    event.preventDefault();
    const textarea = event.currentTarget;
    if (textarea.value.trim()) textarea.form?.requestSubmit();
  };
  return <textarea rows={2} {...props} onKeyDown={onKeyDown} />;
}

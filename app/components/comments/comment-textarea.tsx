import type { ComponentProps, KeyboardEvent } from "react";

/**
 * A comment's textarea (spec section 5): Enter posts the form, Shift+Enter
 * starts a new line. Enter while an input method is composing a word belongs
 * to the input method; Enter in an empty box does nothing.
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
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    const textarea = event.currentTarget;
    if (textarea.value.trim()) textarea.form?.requestSubmit();
  };
  return <textarea rows={2} {...props} onKeyDown={onKeyDown} />;
}

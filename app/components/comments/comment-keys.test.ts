import { describe, expect, it } from "vitest";
import { commentKeyAction, type CommentKey } from "./comment-keys";

const key = (name: string, held: Partial<CommentKey> = {}): CommentKey => ({
  key: name,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...held,
});

describe("Enter in a comment box", () => {
  it("posts on a keyboard with keys, and Shift+Enter (or any modifier) types a new line", () => {
    expect(commentKeyAction(key("Enter"), false)).toBe("post");
    for (const held of ["shiftKey", "altKey", "ctrlKey", "metaKey"] as const) {
      expect(commentKeyAction(key("Enter", { [held]: true }), false)).toBe("type");
    }
    expect(commentKeyAction(key("a"), false)).toBe("type");
  });

  it("types a new line on a touch keyboard, where the Post button sends", () => {
    expect(commentKeyAction(key("Enter"), true)).toBe("type");
    expect(commentKeyAction(key("Enter", { shiftKey: true }), true)).toBe("type");
  });

  it("belongs to the input method while it composes a word", () => {
    expect(commentKeyAction(key("Enter", { isComposing: true }), false)).toBe("type");
  });
});

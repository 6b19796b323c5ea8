// The key press the keyboard tests of the photo detail, the viewer and the
// presenter make: a key with no modifier held, not yet handled, pressed on a
// plain element; each test changes what it is about (a modifier, a field).
// It has every field any of their key handlers reads.
export type TestKeyPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  targetTag: string;
};

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

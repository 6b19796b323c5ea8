// The arrows go to the neighbours (detail-keys.ts), except while the owner is
// editing, while a key is typed into a field, or while a dialog is open.
import { useLayoutEffect } from "react";
import { useNavigate } from "react-router";
import { arrowTarget } from "./detail-keys";

/** Keys typed into a field belong to the field, not to the photo navigation. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function useArrowKeys({
  previous,
  next,
  editing,
}: {
  previous: string | null;
  next: string | null;
  editing: boolean;
}) {
  const navigate = useNavigate();
  // Set up as the photo is put on screen (a layout effect, not a later passive one),
  // so an arrow pressed just after it appears moves from this photo, not the last.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (editing || isTyping(event.target) || document.querySelector("dialog[open]")) return;
      const to = arrowTarget(event, { previous, next });
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [editing, previous, next, navigate]);
}

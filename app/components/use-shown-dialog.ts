import { useEffect, useRef } from "react";

/** A `<dialog>`'s ref, shown as a modal while `open` (the page behind it inert, Escape closes it) and closed when not. */
export function useShownDialog(open = true) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}

import { useEffect, useId, useRef } from "react";
import "./photos.css";

/** A modal message (spec section 8, e.g. 'An error has occurred'); closing it calls onClose. */
export function ErrorModal({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (message && !element.open) element.showModal();
    if (!message && element.open) element.close();
  }, [message]);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <p>{message}</p>
      <form method="dialog" className="form-actions">
        <button type="submit" className="button primary" autoFocus>
          OK
        </button>
      </form>
    </dialog>
  );
}

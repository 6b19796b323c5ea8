import { Modal } from "./modal";

/** A modal message (e.g. 'An error has occurred'); closing it calls onClose. */
export function ErrorModal({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
}) {
  return (
    <Modal open={Boolean(message)} title={title} onClose={onClose}>
      <p>{message}</p>
      <form method="dialog" className="form-actions">
        <button type="submit" className="button primary" autoFocus>
          OK
        </button>
      </form>
    </Modal>
  );
}

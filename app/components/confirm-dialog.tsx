import { useEffect, useRef } from "react";
import { Modal } from "./modal";

/**
 * The site's one way to ask before a change (docs/texts-and-limits.md,
 * 'Questions before acting'): a modal dialog titled with the action, the
 * question, the action's own button and Cancel. Cancel has the focus, so Enter
 * or Space alone never changes anything; Escape closes it as Cancel does.
 *
 * The action's button submits the form the dialog sits in (with `name` and
 * `value`, as the button that opened it would have), or, given `onConfirm`,
 * calls it. ConfirmButton wraps the usual case; pages without JavaScript ask
 * the same question in place (ConfirmButton's <details>) or as a step of the
 * address (?deletePhoto=, ?deleteComment=, ?delete).
 */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  danger = true,
  onClose,
  onConfirm,
  name,
  value,
  disabled,
}: {
  open: boolean;
  title: string;
  question: React.ReactNode;
  /** The action's own words ('Delete', 'Withdraw'), never a bare 'OK'. */
  confirmLabel: string;
  /** Styled as a destructive action (the default); false for one that only asks (resend, reactivate). */
  danger?: boolean;
  onClose: () => void;
  onConfirm?: () => void;
  name?: string;
  value?: string;
  disabled?: boolean;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  // After Modal's showModal() (a child's effect runs first): the browser would focus the first button.
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title={title}
      className="confirm-dialog"
      description={<span className="confirm-question">{question}</span>}
      onClose={onClose}
    >
      {(close) => (
        <div className="form-actions">
          <button
            type={onConfirm ? "button" : "submit"}
            className={danger ? "button danger" : "button primary"}
            name={onConfirm ? undefined : name}
            value={onConfirm ? undefined : value}
            disabled={disabled}
            onClick={() => {
              onConfirm?.();
              close();
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button" ref={cancel} onClick={close}>
            Cancel
          </button>
        </div>
      )}
    </Modal>
  );
}

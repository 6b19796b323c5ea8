import { useId, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { useHydrated } from "./use-hydrated";

/**
 * A submit button that asks first (docs/texts-and-limits.md: resend, revoke, deactivate
 * and reactivate each confirm with the person's name and email; withdrawing a
 * submission and a new calendar address ask too). With JavaScript the site's
 * dialog asks (ConfirmDialog) and its button posts the form; without it, the
 * button opens the question in place (a <details>) with the button that really
 * posts, so nothing is ever done in one click.
 */
export function ConfirmButton({
  question,
  children,
  title,
  className = "button small",
  danger,
  name,
  value,
  disabled,
  "aria-label": ariaLabel,
}: {
  question: string;
  /** The action's name, on the button and on the dialog's own button. */
  children: string;
  /** The dialog's title; the action's name when left out. */
  title?: string;
  className?: string;
  /** The dialog's button is styled as destructive; by default when the button itself is (`danger` in its class). */
  danger?: boolean;
  name?: string;
  value?: string;
  disabled?: boolean;
  /** A fuller name for the button when several rows have the same one ('Withdraw {photo}'). */
  "aria-label"?: string;
}) {
  const hydrated = useHydrated();
  const questionId = useId();
  const [asking, setAsking] = useState(false);
  if (!hydrated) {
    return (
      <details className="confirm-step">
        <summary className={className}>{children}</summary>
        <p id={questionId}>{question}</p>
        <button type="submit" className={className} name={name} value={value} aria-describedby={questionId}>
          Yes, {children}
        </button>
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
      <ConfirmDialog
        open={asking}
        title={title ?? children}
        question={question}
        confirmLabel={children}
        danger={danger ?? /\bdanger\b/.test(className)}
        name={name}
        value={value}
        disabled={disabled}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

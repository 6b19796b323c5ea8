import { useId } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A submit button that asks first (spec section 8: resend, revoke, deactivate
 * and reactivate each confirm with the person's name and email). With
 * JavaScript the browser asks; without it, the button opens the question in
 * place (a <details>) with the button that really posts, so nothing is ever
 * done in one click.
 */
export function ConfirmButton({
  question,
  children,
  className = "button small",
  name,
  value,
}: {
  question: string;
  children: React.ReactNode;
  className?: string;
  name?: string;
  value?: string;
}) {
  const hydrated = useHydrated();
  const questionId = useId();
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
    <button
      type="submit"
      className={className}
      name={name}
      value={value}
      onClick={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

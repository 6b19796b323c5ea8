/**
 * A submit button that asks first (spec section 8: resend, revoke, deactivate
 * and reactivate each confirm with the person's name and email).
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

import { getInputProps, type FieldMetadata } from "@conform-to/react";

/** A labelled input with its errors underneath, marked invalid when it has any. */
export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
  autoFocus,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  autoFocus?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input
        {...getInputProps(meta, { type, ariaAttributes: true })}
        key={meta.key}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        className={meta.errors?.length ? "invalid" : undefined}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The form-level message; 'Please review the errors below.' when only fields are wrong. */
export function FormErrors({
  id,
  errors,
  hasFieldErrors,
}: {
  id?: string;
  errors?: string[];
  hasFieldErrors?: boolean;
}) {
  const messages = errors?.length ? errors : hasFieldErrors ? ["Please review the errors below."] : [];
  if (!messages.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

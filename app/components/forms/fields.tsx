// The field components of every form: a label, the control, its errors
// underneath, and the control marked invalid when it has any.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

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
    <Field label={label} meta={meta}>
      <input
        {...getInputProps(meta, { type, ariaAttributes: true })}
        key={meta.key}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        className={invalid(meta)}
      />
    </Field>
  );
}

/** A field's frame: the label for its control, the control, a hint (its id: hintId(meta)), and its errors underneath. */
export function Field({
  label,
  meta,
  hint,
  children,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {children}
      {hint ? (
        <p className="field-hint" id={hintId(meta)}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export const hintId = (meta: FieldMetadata<unknown>) => `${meta.id}-hint`;

export const invalid = (meta: FieldMetadata<unknown>) => (meta.errors?.length ? "invalid" : undefined);

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

export function TextAreaField({
  label,
  meta,
  rows = 4,
  hint,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  rows?: number;
  hint?: string;
}) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <textarea
        {...getTextareaProps(meta, { ariaAttributes: true })}
        key={meta.key}
        rows={rows}
        className={invalid(meta)}
      />
    </Field>
  );
}

export function CheckboxField({
  label,
  meta,
  hint,
}: {
  label: string;
  meta: FieldMetadata<boolean | undefined>;
  hint?: string;
}) {
  return (
    <div className="field checkbox-field">
      <label htmlFor={meta.id}>
        <input {...getInputProps(meta, { type: "checkbox", ariaAttributes: true })} key={meta.key} />
        {label}
      </label>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  label,
  meta,
  options,
  children,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  options: readonly { value: string; label: string }[];
  children?: React.ReactNode;
}) {
  return (
    <Field label={label} meta={meta}>
      <select {...getSelectProps(meta, { ariaAttributes: true })} key={meta.key} className={invalid(meta)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </Field>
  );
}

export function DateField({ label, meta }: { label: string; meta: FieldMetadata<string | undefined> }) {
  return (
    <Field label={label} meta={meta}>
      <input
        {...getInputProps(meta, { type: "date", ariaAttributes: true })}
        key={meta.key}
        className={invalid(meta)}
      />
    </Field>
  );
}

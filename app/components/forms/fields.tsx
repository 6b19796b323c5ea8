// The field components of every form: a label, the control, its errors
// underneath, and the control marked invalid when it has any. A text field
// given its schema's max (`max`, the constant the schema checks) says it before it bites (LengthCounter: a count near
// it, its own words past it) and keeps the text: the control carries no
// maxLength, which would cut a pasted text without a word.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { isTooLong, LengthCounter } from "./length-counter";

/** A labelled input with its errors underneath, marked invalid when it has any. */
export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
  autoFocus,
  hint,
  max,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  autoFocus?: boolean;
  hint?: string;
  /** The schema's most for the text (its constant in app/lib/*-schemas.ts). */
  max?: number;
}) {
  const limit = lengthLimit(meta, max);
  return (
    <Field label={label} meta={meta} hint={hint} limit={limit}>
      <input
        {...getInputProps(meta, { type, ariaAttributes: true, ariaDescribedBy: describedBy(meta, hint, limit) })}
        maxLength={undefined}
        key={meta.key}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        {...invalidAttributes(meta, limit)}
      />
    </Field>
  );
}

/** A text field's limit (its schema's max) and its text now, as Conform keeps it while it is typed. */
type LengthLimit = { max: number; text: string };

function lengthLimit(meta: FieldMetadata<unknown>, max: number | undefined): LengthLimit | null {
  return max ? { max, text: typeof meta.value === "string" ? meta.value : "" } : null;
}

const limitId = (meta: FieldMetadata<unknown>) => `${meta.id}-limit`;

/** A hint the field's error repeats (the password rule) is said once, by the error. */
const hintShown = (meta: FieldMetadata<unknown>, hint: string | undefined) =>
  Boolean(hint) && !meta.errors?.includes(hint!);

function describedBy(meta: FieldMetadata<unknown>, hint: string | undefined, limit: LengthLimit | null) {
  return (
    [hintShown(meta, hint) ? hintId(meta) : null, limit ? limitId(meta) : null].filter(Boolean).join(" ") || undefined
  );
}

/** Marked invalid with the server's or the schema's errors, and as soon as the text is past its limit. */
function invalidAttributes(meta: FieldMetadata<unknown>, limit: LengthLimit | null) {
  const over = limit ? isTooLong(limit.text, limit.max) : false;
  return {
    className: over ? "invalid" : invalid(meta),
    ...(over ? { "aria-invalid": true as const } : {}),
  };
}

/** A field's frame: the label for its control, the control, a hint (its id: hintId(meta)), and its errors underneath. */
export function Field({
  label,
  meta,
  hint,
  limit,
  children,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  hint?: string;
  limit?: LengthLimit | null;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {children}
      {hintShown(meta, hint) ? (
        <p className="field-hint" id={hintId(meta)}>
          {hint}
        </p>
      ) : null}
      {limit ? (
        // Past the limit its words say why, until the schema's own error (after a submit) says it instead.
        <LengthCounter
          id={limitId(meta)}
          text={limit.text}
          max={limit.max}
          noun={label}
          countOnly={Boolean(meta.errors?.length)}
        />
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
  max,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  rows?: number;
  hint?: string;
  /** The schema's most for the text (its constant in app/lib/*-schemas.ts). */
  max?: number;
}) {
  const limit = lengthLimit(meta, max);
  return (
    <Field label={label} meta={meta} hint={hint} limit={limit}>
      <textarea
        {...getTextareaProps(meta, { ariaAttributes: true, ariaDescribedBy: describedBy(meta, hint, limit) })}
        maxLength={undefined}
        key={meta.key}
        rows={rows}
        {...invalidAttributes(meta, limit)}
      />
    </Field>
  );
}

export function CheckboxField({
  label,
  meta,
  hint,
  lockedOn,
}: {
  label: string;
  meta: FieldMetadata<boolean | undefined>;
  hint?: string;
  /** Ticked and not to be changed here (the hint says why): a disabled box sends nothing, so a hidden twin does. */
  lockedOn?: boolean;
}) {
  return (
    <div className="field checkbox-field">
      <label htmlFor={meta.id}>
        {lockedOn ? (
          <>
            <input type="hidden" name={meta.name} value="on" />
            <input
              type="checkbox"
              id={meta.id}
              checked
              disabled
              aria-describedby={hint ? `${meta.id}-hint` : undefined}
            />
          </>
        ) : (
          <input {...getInputProps(meta, { type: "checkbox", ariaAttributes: true })} key={meta.key} />
        )}
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
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

// Form fields beyond form-fields.tsx's TextField: multi-line text, a checkbox,
// a select and a date, labelled and marked invalid the same way.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "./fields";

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
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea
        {...getTextareaProps(meta, { ariaAttributes: true })}
        key={meta.key}
        rows={rows}
        className={meta.errors?.length ? "invalid" : undefined}
      />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
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
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select
        {...getSelectProps(meta, { ariaAttributes: true })}
        key={meta.key}
        className={meta.errors?.length ? "invalid" : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function DateField({ label, meta }: { label: string; meta: FieldMetadata<string | undefined> }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input
        {...getInputProps(meta, { type: "date", ariaAttributes: true })}
        key={meta.key}
        className={meta.errors?.length ? "invalid" : undefined}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

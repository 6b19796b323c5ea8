// The house's form element: posts to its route's action with Conform's props
// (the form's id, noValidate once hydrated), and the banner on top that says
// what went wrong as a whole ('Please review the errors below.' when only
// fields are wrong). Fields go inside; useClubForm makes `form`.
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "./fields";

export function ClubForm({
  form,
  hasFieldErrors,
  className,
  children,
}: {
  // Any form's metadata: the element needs only its id, errors and validation props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  /** From useClubForm: some field has an error, so the banner points at them. */
  hasFieldErrors?: boolean;
  /** Classes beside the house's `stack`. */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className ? `stack ${className}` : "stack"}>
      <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
      {children}
    </Form>
  );
}

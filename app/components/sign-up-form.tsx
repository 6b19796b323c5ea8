import { type SubmissionResult } from "@conform-to/react";
import { NewMemberSchema } from "~/lib/account-schemas";
import { ClubForm } from "./forms/club-form";
import { TextField } from "./forms/fields";
import { SubmitButton } from "./forms/submit-button";
import { useClubForm } from "./forms/use-club-form";

/** The new-member form of /register, /invites/{id} and /setup/{token}: names, username, email, password twice. */
export function SignUpForm({
  id,
  lastResult,
  defaultValue,
  submitLabel,
  children,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: { firstName?: string; lastName?: string; email?: string };
  submitLabel: string;
  children?: React.ReactNode;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({ id, schema: NewMemberSchema, lastResult, defaultValue });
  return (
    <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
      <TextField label="First name" meta={fields.firstName} autoComplete="given-name" />
      <TextField label="Last name" meta={fields.lastName} autoComplete="family-name" />
      <TextField label="Username" meta={fields.username} autoComplete="username" />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
      <TextField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
      <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <div className="form-actions">
        <SubmitButton>{submitLabel}</SubmitButton>
        {children}
      </div>
    </ClubForm>
  );
}

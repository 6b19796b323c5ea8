import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { NewMemberSchema, PASSWORD_RULE_MESSAGE } from "~/lib/account-schemas";
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
      <NewMemberFields fields={fields} />
      <div className="form-actions">
        <SubmitButton>{submitLabel}</SubmitButton>
        {children}
      </div>
    </ClubForm>
  );
}

type MemberField = "firstName" | "lastName" | "username" | "email" | "password" | "confirmPassword";

/** A new member's fields, in the sign-up form and in the setup page's (after the club's name). */
export function NewMemberFields({ fields }: { fields: Record<MemberField, FieldMetadata<string | undefined>> }) {
  return (
    <>
      <TextField label="First name" meta={fields.firstName} autoComplete="given-name" />
      <TextField label="Last name" meta={fields.lastName} autoComplete="family-name" />
      <TextField label="Username" meta={fields.username} autoComplete="username" />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
      {/* The rule is said before the first attempt, not only as its error. */}
      <TextField
        label="Password"
        meta={fields.password}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_MESSAGE}
      />
      <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
    </>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/forgot";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { usePageForm } from "~/components/forms/use-club-form";
import { TitledPage } from "~/components/page-title";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { requestPasswordReset } from "~/services/members/passwords.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Any failure reads 'Email not found.' (docs/texts-and-limits.md); being throttled says so.
export const action = page(async ({ request, context }: Route.ActionArgs) => {
  const submission = await parseForm(request, ForgotPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestPasswordReset(submission.value, context.clientAddress);
  } catch (error) {
    return replyToRefusal(submission, error);
  }
  return redirectWithFlash("/login", RESET_REQUESTED_MESSAGE);
});

export default function ForgotPasswordPage() {
  const { form, fields } = usePageForm("forgot-password", ForgotPasswordSchema);
  return (
    <TitledPage width="narrow" title="Forgot Password" heading="Forgot your password?">
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <ClubForm form={form}>
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" autoFocus />
        <div className="form-actions">
          <SubmitButton>Submit</SubmitButton>
          <Link to="/login">Back to login...</Link>
        </div>
      </ClubForm>
    </TitledPage>
  );
}

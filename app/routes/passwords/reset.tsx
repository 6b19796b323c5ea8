import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/reset";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { usePageForm } from "~/components/forms/use-club-form";
import { TitledPage } from "~/components/page-title";
import "~/components/members.css";
import { PASSWORD_RULE_MESSAGE } from "~/lib/account-schemas";
import { PASSWORD_SAVED_MESSAGE, ResetPasswordSchema } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { newSessionFor } from "~/services/auth/session.server";
import { GoneError, NotFoundError } from "~/services/errors.server";
import { checkResetToken, resetPassword } from "~/services/members/passwords.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

type LinkProblem = { status: 404 | 410; message: string };

/**
 * A dead link (404 invalid, 410 expired) is one of the page's states: shown
 * in place of the form, with that status and a way to ask for another,
 * rather than as an error screen.
 */
function linkProblem(error: unknown): LinkProblem | null {
  if (error instanceof NotFoundError || error instanceof GoneError) {
    return { status: error.status as 404 | 410, message: error.message };
  }
  return null;
}

const hideFields = ["password"];

export const loader = page(async ({ params }: Route.LoaderArgs) => {
  try {
    await checkResetToken(params.token);
    return { problem: null };
  } catch (error) {
    const problem = linkProblem(error);
    if (!problem) throw error;
    return data({ problem }, { status: problem.status });
  }
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  const submission = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields });
  try {
    const member = await resetPassword(params.token, submission.value);
    // Logged in at once, unless the account was deactivated in the meantime.
    if (member.deactivatedAt) return redirectWithFlash("/login", PASSWORD_SAVED_MESSAGE);
    return redirectWithFlash("/", PASSWORD_SAVED_MESSAGE, {
      headers: { "Set-Cookie": await newSessionFor(request, member.id) },
    });
  } catch (error) {
    const problem = linkProblem(error);
    if (problem) return data({ result: submission.reply({ hideFields }), problem }, { status: problem.status });
    return replyToRefusal(submission, error, { hideFields });
  }
});

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const problem: LinkProblem | null =
    (actionData && "problem" in actionData ? (actionData.problem as LinkProblem) : null) ?? loaderData.problem;
  const { form, fields } = usePageForm("reset-password", ResetPasswordSchema);
  return (
    <TitledPage width="narrow" title="Reset Password" heading="Choose a new password">
      {problem ? (
        <div className="stack">
          <p role="alert">{problem.message}</p>
          <p>
            <Link to="/passwords/forgot">Request another?</Link>
          </p>
        </div>
      ) : (
        <ClubForm form={form}>
          <TextField
            label="New password"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            autoFocus
            hint={PASSWORD_RULE_MESSAGE}
          />
          <div className="form-actions">
            <SubmitButton>Save</SubmitButton>
          </div>
        </ClubForm>
      )}
    </TitledPage>
  );
}

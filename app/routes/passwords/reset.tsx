import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/reset";
import { FormErrors, TextField } from "~/components/forms/fields";
import { PageTitle } from "~/components/page-title";
import "~/components/members.css";
import { PASSWORD_RULE_MESSAGE } from "~/lib/account-schemas";
import { HttpError, ValidationError } from "~/server/http.server";
import { PASSWORD_SAVED_MESSAGE, ResetPasswordSchema } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { checkResetToken, resetPassword } from "~/services/members/passwords.server";
import { createSession } from "~/services/auth/session.server";

type LinkProblem = { status: 404 | 410; message: string };

/** A dead link (404 invalid, 410 expired) is shown on the page with that status, not as an error screen. */
function linkProblem(error: unknown): LinkProblem {
  if (error instanceof HttpError && (error.status === 404 || error.status === 410)) {
    return { status: error.status, message: error.message };
  }
  throw error;
}

// The token is checked before the form is shown (spec section 4: valid, invalid or expired).
export async function loader({ params }: Route.LoaderArgs) {
  try {
    await checkResetToken(params.token);
    return { problem: null };
  } catch (error) {
    const problem = linkProblem(error);
    return data({ problem }, { status: problem.status });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  const refused = () =>
    data(
      { result: submission.reply({ formErrors: [PASSWORD_RULE_MESSAGE], hideFields: ["password"] }), problem: null },
      { status: 422 },
    );
  if (submission.status !== "success") return refused();
  try {
    const member = await resetPassword(params.token, submission.value);
    // Logged in at once, unless the account was deactivated in the meantime.
    if (member.deactivatedAt) return redirectWithFlash("/login", PASSWORD_SAVED_MESSAGE);
    return redirectWithFlash("/", PASSWORD_SAVED_MESSAGE, {
      headers: { "Set-Cookie": await createSession(member.id) },
    });
  } catch (error) {
    if (error instanceof ValidationError) return refused();
    const problem = linkProblem(error);
    return data({ result: submission.reply(), problem }, { status: problem.status });
  }
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const problem = actionData?.problem ?? loaderData.problem;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  return (
    <section className="narrow">
      <PageTitle>Reset Password</PageTitle>
      <h1>Choose a new password</h1>
      {problem ? (
        <div className="stack">
          <p role="alert">{problem.message}</p>
          <p>
            <Link to="/passwords/forgot">Request another?</Link>
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            label="New password"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <p className="field-hint">{PASSWORD_RULE_MESSAGE}</p>
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
              Save
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

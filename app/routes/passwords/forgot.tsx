import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot";
import { FormErrors, TextField } from "~/components/forms/fields";
import { PageTitle } from "~/components/page-title";
import { HttpError, ValidationError } from "~/server/http.server";
import { EMAIL_NOT_FOUND_MESSAGE, ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { requestPasswordReset } from "~/services/members/passwords.server";

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  try {
    await requestPasswordReset(submission.value);
  } catch (error) {
    // Spec section 5: any failure reads 'Email not found.'; being throttled says so.
    if (error instanceof ValidationError) {
      return data({ result: submission.reply({ formErrors: [EMAIL_NOT_FOUND_MESSAGE] }) }, { status: 422 });
    }
    if (error instanceof HttpError && error.status === 429) {
      return data(
        { result: submission.reply({ formErrors: [error.message] }) },
        { status: 429, headers: error.headers },
      );
    }
    throw error;
  }
  return redirectWithFlash("/login", RESET_REQUESTED_MESSAGE);
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  return (
    <section className="narrow">
      <PageTitle>Forgot Password</PageTitle>
      <h1>Forgot your password?</h1>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" autoFocus />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
            Submit
          </button>
          <Link to="/login">Back to login...</Link>
        </div>
      </Form>
    </section>
  );
}

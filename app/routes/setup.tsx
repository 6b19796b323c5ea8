import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { FormErrors, TextField } from "~/components/form-fields";
import { PageTitle } from "~/components/page-title";
import { NewMemberSchema } from "~/lib/account-schemas";
import { HttpError, ValidationError } from "~/lib/http.server";
import { createFirstAdmin, isFirstAdminSetupOpen } from "~/services/first-admin.server";
import { redirectWithFlash } from "~/services/flash.server";
import { createSession } from "~/services/session.server";

const notFound = () => data("This setup link is not valid.", { status: 404, statusText: "Not Found" });

export async function loader({ params }: Route.LoaderArgs) {
  if (!(await isFirstAdminSetupOpen(params.token))) throw notFound();
  return null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewMemberSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 422 });
  }
  try {
    const admin = await createFirstAdmin(params.token, submission.value);
    return redirectWithFlash("/", "Your account has been created!", {
      headers: { "Set-Cookie": await createSession(admin.id) },
    });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fieldErrors = Object.fromEntries(error.errors.map((e) => [e.path, [e.message]]));
      return data(
        { result: submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }) },
        { status: 422 },
      );
    }
    if (error instanceof HttpError) throw notFound();
    throw error;
  }
}

export default function SetupPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "setup",
    lastResult: actionData?.result,
    constraint: getZodConstraint(NewMemberSchema),
    // As on /login: validating on blur would move the button under the pointer.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewMemberSchema }),
  });
  const hasFieldErrors = Object.entries(form.allErrors).some(([name]) => name !== form.name);
  return (
    <section className="narrow">
      <PageTitle>Set Up the Club</PageTitle>
      <h1>Set up the club</h1>
      <p>Create the first admin account. Admins invite everyone else.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
        <TextField label="First name" meta={fields.firstName} autoComplete="given-name" autoFocus />
        <TextField label="Last name" meta={fields.lastName} autoComplete="family-name" />
        <TextField label="Username" meta={fields.username} autoComplete="username" />
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <TextField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
        <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
            Create admin account
          </button>
        </div>
      </Form>
    </section>
  );
}

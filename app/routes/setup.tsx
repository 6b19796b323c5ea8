import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/setup";
import { PageTitle } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { NewMemberSchema } from "~/lib/account-schemas";
import { HttpError, ValidationError } from "~/server/http.server";
import { createFirstAdmin, isFirstAdminSetupOpen } from "~/services/members/first-admin.server";
import { redirectWithFlash } from "~/server/flash.server";
import { createSession } from "~/services/auth/session.server";

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
  return (
    <section className="narrow">
      <PageTitle>Set Up the Club</PageTitle>
      <h1>Set up the club</h1>
      <p>Create the first admin account. Admins invite everyone else.</p>
      <SignUpForm id="setup" lastResult={actionData?.result} submitLabel="Create admin account" />
    </section>
  );
}

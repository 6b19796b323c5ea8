import { useActionData } from "react-router";
import type { Route } from "./+types/setup";
import { PageTitle } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { NewMemberSchema } from "~/lib/account-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { page } from "~/server/pages.server";
import { newSessionFor } from "~/services/auth/session.server";
import { createFirstAdmin, requireFirstAdminSetupOpen } from "~/services/members/first-admin.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

const HIDDEN = ["password", "confirmPassword"];

// The one-time link the server prints while the club has no members (404 otherwise).
export const loader = page(async ({ params }: Route.LoaderArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  return null;
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  const submission = await parseForm(request, NewMemberSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  try {
    const admin = await createFirstAdmin(params.token, submission.value);
    return redirectWithFlash("/", "Your account has been created!", {
      headers: { "Set-Cookie": await newSessionFor(request, admin.id) },
    });
  } catch (error) {
    return replyToRefusal(submission, error, { hideFields: HIDDEN });
  }
});

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

import { useActionData } from "react-router";
import type { Route } from "./+types/setup";
import { TitledPage } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { page } from "~/server/pages.server";
import { createFirstAdmin, requireFirstAdminSetupOpen } from "~/services/members/first-admin.server";
import { signUpForm } from "~/routes/members/sign-up-form.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// The one-time link the server prints while the club has no members (404 otherwise).
export const loader = page(async ({ params }: Route.LoaderArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  return null;
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  return signUpForm(request, (details) => createFirstAdmin(params.token, details), { landing: "/" });
});

export default function SetupPage() {
  const actionData = useActionData<typeof action>();
  return (
    <TitledPage width="narrow" title="Set Up the Club" heading="Set up the club">
      <p>Create the first admin account. Admins invite everyone else.</p>
      <SignUpForm id="setup" lastResult={actionData?.result} submitLabel="Create admin account" />
    </TitledPage>
  );
}

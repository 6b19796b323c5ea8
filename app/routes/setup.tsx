import type { Route } from "./+types/setup";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { usePageForm } from "~/components/forms/use-club-form";
import { TitledPage } from "~/components/page-title";
import { NewMemberFields } from "~/components/sign-up-form";
import { FirstAdminSchema } from "~/lib/account-schemas";
import { page } from "~/server/pages.server";
import { clubName } from "~/services/club/club-name.server";
import { createFirstAdmin, requireFirstAdminSetupOpen } from "~/services/members/first-admin.server";
import { signUpForm } from "~/routes/members/sign-up-form.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// The one-time link the server prints while the club has no members (404 otherwise): the first
// admin's account, and the club's name (SITE_TITLE until changed here or later on /admin/club).
export const loader = page(async ({ params }: Route.LoaderArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  return { clubName: await clubName() };
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  await requireFirstAdminSetupOpen(params.token);
  return signUpForm(request, (details) => createFirstAdmin(params.token, details), {
    landing: "/",
    schema: FirstAdminSchema,
  });
});

export default function SetupPage({ loaderData }: Route.ComponentProps) {
  const { form, fields, hasFieldErrors } = usePageForm("setup", FirstAdminSchema, { clubName: loaderData.clubName });
  return (
    <TitledPage width="narrow" title="Set Up the Club" heading="Set up the club">
      <p>Create the first admin account. Admins invite everyone else.</p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <p>
          The club will be called <strong>{loaderData.clubName}</strong>: the name on every page and in the invitation
          e-mails. Type another name here, or change it later under Manage Members, Club Settings.
        </p>
        <TextField label="Club name" meta={fields.clubName} autoComplete="organization" />
        <NewMemberFields fields={fields} />
        <div className="form-actions">
          <SubmitButton>Create admin account</SubmitButton>
        </div>
      </ClubForm>
    </TitledPage>
  );
}

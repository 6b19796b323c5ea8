import { Link } from "react-router";
import type { Route } from "./+types/club";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { usePageForm } from "~/components/forms/use-club-form";
import { TitledPage } from "~/components/page-title";
import { ClubSettingsSchema } from "~/lib/club-schemas";
import { env } from "~/env.server";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { clubName, renameClub } from "~/services/club/club-name.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /admin/club: the club's own settings, for admins: its name, on every page and in every e-mail
// (chosen at setup; SITE_TITLE is only the name a new club starts with).
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return { clubName: await clubName(), startingName: env().SITE_TITLE };
});

export const action = page(async ({ request }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const submission = await parseForm(request, ClubSettingsSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const name = await renameClub(admin, submission.value.clubName);
    return redirectWithFlash("/admin/club", `The club is now called ${name}.`);
  } catch (error) {
    return replyToRefusal(submission, error);
  }
});

export default function ClubSettingsPage({ loaderData }: Route.ComponentProps) {
  const { form, fields, hasFieldErrors } = usePageForm("club-settings", ClubSettingsSchema, {
    clubName: loaderData.clubName,
  });
  return (
    <TitledPage width="narrow" title="Club Settings">
      <p>
        The club&apos;s name is on every page (the menu bar, each page&apos;s title, the footer) and in every e-mail the
        site sends: invitations, password resets, comment e-mails and meeting reminders.
      </p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <TextField
          label="Club name"
          meta={fields.clubName}
          autoComplete="organization"
          hint={`A new club starts with the name in the server's SITE_TITLE setting (${loaderData.startingName}).`}
        />
        <div className="form-actions">
          <SubmitButton>Save</SubmitButton>
          <Link to="/admin/members">Cancel</Link>
        </div>
      </ClubForm>
    </TitledPage>
  );
}

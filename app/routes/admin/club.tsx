import { Link, useActionData } from "react-router";
import type { Route } from "./+types/club";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { useClubForm } from "~/components/forms/use-club-form";
import type { SubmissionResult } from "@conform-to/react";
import { TitledPage } from "~/components/page-title";
import { PLACING_POINTS_INTENT, PlacingPointsForm } from "~/components/results/placing-points-form";
import { COMPETITION_SETTINGS_INTENT, CompetitionSettingsForm } from "~/components/season/competition-settings-form";
import { SUBMISSIONS_CLOSE_INTENT, SubmissionsCloseForm } from "~/components/meetings/submissions-close-form";
import {
  ClubSettingsSchema,
  competitionPatchOf,
  CompetitionSettingsFormSchema,
  placingPointsOf,
  PlacingPointsSchema,
  SubmissionsCloseFormSchema,
} from "~/lib/club-schemas";
import { env } from "~/env.server";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, readForm, replyToRefusal } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { clubName, renameClub } from "~/services/club/club-name.server";
import { placingPoints, savePlacingPoints } from "~/services/club/placing-points.server";
import { getClub, patchClub } from "~/services/club/club-settings.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /admin/club: the club's own settings, for admins: its name, on every page and in every e-mail
// (chosen at setup; SITE_TITLE is only the name a new club starts with), and the standings'
// placing points, when a meeting's submissions close, and the competitions' settings, each its own form
// (intent=placing-points for the points, intent=submissions-close, intent=competition-settings for the
// competitions').
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const { name: _name, placingPoints: _points, submissionsCloseHours, ...competitions } = await getClub(admin);
  return {
    clubName: await clubName(),
    startingName: env().SITE_TITLE,
    placingPoints: await placingPoints(),
    submissionsCloseHours,
    competitions,
  };
});

export const action = page(async ({ request }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  if (formData.get("intent") === PLACING_POINTS_INTENT) {
    const submission = await parseForm(request, PlacingPointsSchema, formData);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const { first, second, third } = await savePlacingPoints(admin, placingPointsOf(submission.value));
      return redirectWithFlash("/admin/club", `Placing points saved: ${first}, ${second} and ${third}.`);
    } catch (error) {
      return replyToRefusal(submission, error);
    }
  }
  if (formData.get("intent") === SUBMISSIONS_CLOSE_INTENT) {
    const submission = await parseForm(request, SubmissionsCloseFormSchema, formData);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      const { submissionsCloseHours: hours } = await patchClub(admin, submission.value);
      return redirectWithFlash(
        "/admin/club",
        `Submissions now close ${hours} ${hours === 1 ? "hour" : "hours"} after a meeting starts.`,
      );
    } catch (error) {
      return replyToRefusal(submission, error);
    }
  }
  if (formData.get("intent") === COMPETITION_SETTINGS_INTENT) {
    const submission = await parseForm(request, CompetitionSettingsFormSchema, formData);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await patchClub(admin, competitionPatchOf(submission.value));
      return redirectWithFlash("/admin/club", "Competition settings saved.");
    } catch (error) {
      return replyToRefusal(submission, error);
    }
  }
  const submission = await parseForm(request, ClubSettingsSchema, formData);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const name = await renameClub(admin, submission.value.clubName);
    return redirectWithFlash("/admin/club", `The club is now called ${name}.`);
  } catch (error) {
    return replyToRefusal(submission, error);
  }
});

/** The action's answer, for the form that posted it only (by its `intent`; the name's form sends none). */
function useAnswerTo(intent: string | null) {
  const answer = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const posted = answer?.result?.initialValue?.intent ?? null;
  return posted === intent ? answer?.result : undefined;
}

export default function ClubSettingsPage({ loaderData }: Route.ComponentProps) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: "club-settings",
    schema: ClubSettingsSchema,
    lastResult: useAnswerTo(null),
    defaultValue: { clubName: loaderData.clubName },
  });
  const pointsResult = useAnswerTo(PLACING_POINTS_INTENT);
  const closeResult = useAnswerTo(SUBMISSIONS_CLOSE_INTENT);
  const competitionsResult = useAnswerTo(COMPETITION_SETTINGS_INTENT);
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
      <PlacingPointsForm points={loaderData.placingPoints} lastResult={pointsResult} />
      <SubmissionsCloseForm hours={loaderData.submissionsCloseHours} lastResult={closeResult} />
      <CompetitionSettingsForm settings={loaderData.competitions} lastResult={competitionsResult} />
    </TitledPage>
  );
}

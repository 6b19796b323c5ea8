import { Link } from "react-router";
import type { Route } from "./+types/invite";
import { ClubForm } from "~/components/forms/club-form";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { TitledPage } from "~/components/page-title";
import "~/components/members.css";
import { InviteSchema, MAX_INVITE_MESSAGE_LENGTH } from "~/lib/member-schemas";
import { usePageForm } from "~/components/forms/use-club-form";
import { invalidForm, parseForm, replyToRefusal, UNEXPECTED_ERROR_MESSAGE } from "~/server/forms.server";
import { redirectWithFlash } from "~/server/flash.server";
import { requireAdmin } from "~/server/guards.server";
import { createInvite } from "~/services/members/invites.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return null;
});

export const action = page(async ({ request }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const submission = await parseForm(request, InviteSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await createInvite(admin, submission.value);
  } catch (error) {
    return replyToRefusal(submission, error, { otherwise: UNEXPECTED_ERROR_MESSAGE });
  }
  // The contract's /admin/users is this club's /admin/members.
  return redirectWithFlash("/admin/members", "Invite sent!");
});

export default function AdminInvitePage() {
  const { form, fields, hasFieldErrors } = usePageForm("invite", InviteSchema);
  return (
    <TitledPage width="narrow" title="Invite Member">
      <p>They receive an e-mail with a link to create their account.</p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <TextField label="First name" meta={fields.firstName} autoFocus />
        <TextField label="Last name" meta={fields.lastName} />
        <TextField label="Email" meta={fields.email} type="email" />
        <TextAreaField
          label="Message"
          meta={fields.message}
          rows={5}
          hint="Optional: a few words of welcome, sent with the invite."
          max={MAX_INVITE_MESSAGE_LENGTH}
        />
        <div className="form-actions">
          <SubmitButton>Send Invite</SubmitButton>
          <Link to="/admin/members">Cancel</Link>
        </div>
      </ClubForm>
    </TitledPage>
  );
}

import { Link, useActionData } from "react-router";
import type { Route } from "./+types/template-edit";
import { TemplateForm } from "~/components/meetings/meeting-form";
import { PageTitle } from "~/components/page-title";
import "~/components/meetings.css";
import "~/components/meeting-view.css";
import "~/components/meeting-submissions.css";
import { formatMeetingDateTime } from "~/lib/club-time";
import { TemplateEditFormSchema, wholeFormEdit } from "~/lib/meeting-schemas";
import { meetingTitle, TEMPLATE_UPDATED_MESSAGE } from "~/lib/meetings";
import { idParam } from "~/services/id-params.server";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { meetingMemberChoices } from "~/services/meetings/meeting-members.server";
import { getTemplate, TEMPLATE_NOT_FOUND_MESSAGE, updateTemplate } from "~/services/meetings/templates.server";
import { readMeetingForm } from "./meeting-forms.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// The route's parameter is named meetingId (the address in docs/product.md); it names a recurring meeting.
const templateIdOf = (params: { meetingId?: string }) => idParam(TEMPLATE_NOT_FOUND_MESSAGE)(params.meetingId);

export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const [template, members] = await Promise.all([
    getTemplate(admin, templateIdOf(params)),
    meetingMemberChoices(admin),
  ]);
  return { template, members, timeZone: clubTimeZone() };
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const templateId = templateIdOf(params);
  const submission = await parseForm(request, TemplateEditFormSchema, await readMeetingForm(request));
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await updateTemplate(admin, templateId, wholeFormEdit(submission.value));
  } catch (error) {
    return replyToRefusal(submission, error);
  }
  return redirectWithFlash("/meetings", TEMPLATE_UPDATED_MESSAGE);
});

export default function EditTemplatePage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { template, members, timeZone } = loaderData;
  return (
    <section className="meeting-form-page">
      <PageTitle>Edit Recurring Meeting</PageTitle>
      <h1>Edit Recurring Meeting</h1>
      <p className="muted form-subtitle">
        {meetingTitle(template.topic)}. Its next meeting would start{" "}
        <time dateTime={template.nextStartsAt}>{formatMeetingDateTime(template.nextStartsAt, timeZone)}</time> (
        <Link to={`/meetings/new?meetingTemplateId=${template.id}`}>Create Next Meeting</Link>). Meetings already made
        from it keep their own details.
      </p>
      <TemplateForm template={template} members={members} timeZone={timeZone} lastResult={actionData?.result} />
    </section>
  );
}

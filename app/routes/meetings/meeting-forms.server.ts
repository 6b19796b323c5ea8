// Glue shared by the meeting pages' loaders and actions (new, edit, recurring, upload, the meeting).
import { redirect, type ActionFunctionArgs } from "react-router";
import { meetingSortCookie, meetingSortFrom } from "~/lib/meeting-order";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { idParam } from "~/services/id-params.server";
import { redirectWithFlash } from "~/server/flash.server";
import { readForm } from "~/server/forms.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { NAMES_REVEALED_MESSAGE, revealMeeting } from "~/services/meetings/anonymity.server";
import { PHOTO_NOT_IN_MEETING_MESSAGE } from "~/services/meetings/meeting-view.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";

/** The meeting a page is about: a malformed id is the meeting's 404. */
export const meetingIdOf = (params: { meetingId?: string }) => idParam(MEETING_NOT_FOUND_MESSAGE)(params.meetingId);

/** After a meeting nobody submitted to is deleted (the contract names no text for it). */
export const MEETING_DELETED_MESSAGE = "Meeting deleted.";

/**
 * The form a meeting page posted. 'Who may submit' sends `submitters`: with
 * 'Everyone' the ticked members are dropped (a page without JavaScript sends
 * the ticks it still shows), so the schema reads no list, which means everyone.
 */
export async function readMeetingForm(request: Request): Promise<FormData> {
  const formData = await readForm(request);
  if (formData.get("submitters") === "everyone") formData.delete("allowedUserIds");
  formData.delete("submitters");
  return formData;
}

/**
 * The meeting page's action, its photo's child route's too. The sort toggle keeps its choice in
 * the `sort` cookie and comes back to the address it was sent from; 'Reveal names' (admins, an
 * anonymous meeting) reveals them and comes back to the meeting; every other form on the page
 * (rating stars, the photo detail's forms) is a photo form, answered as on every photo screen.
 */
export const meetingPageAction = page(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  const member = await requireMember(request);
  const formData = await readForm(request.clone());
  const intent = formData.get("intent");
  if (intent === "reveal") {
    const meetingId = meetingIdOf(params);
    await revealMeeting(member, meetingId);
    return redirectWithFlash(`/meetings/${meetingId}`, NAMES_REVEALED_MESSAGE);
  }
  if (intent !== "sort") return photoFormAction(args);
  const meetingId = meetingIdOf(params);
  const photoId = params.photoId ? `/${idParam(PHOTO_NOT_IN_MEETING_MESSAGE)(params.photoId)}` : "";
  return redirect(`/meetings/${meetingId}${photoId}`, {
    headers: { "Set-Cookie": meetingSortCookie(meetingSortFrom(formData.get("sort"))) },
  });
});

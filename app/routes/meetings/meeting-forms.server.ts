// Glue shared by the meeting pages' loaders and actions (new, edit, recurring, upload, the meeting).
import { idParam } from "~/server/api.server";
import { readForm } from "~/server/forms.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";

/** The meeting a page is about: a malformed id is the meeting's 404. */
export const meetingIdOf = (params: { meetingId?: string }) => idParam(MEETING_NOT_FOUND_MESSAGE)(params.meetingId);

/** After a meeting nobody submitted to is deleted (the spec names no text for it). */
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

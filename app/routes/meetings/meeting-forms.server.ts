// Glue shared by the meeting forms' actions (new, edit, recurring).
import { readForm } from "~/server/forms.server";

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

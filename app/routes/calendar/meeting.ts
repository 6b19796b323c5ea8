// GET /meetings/{id}/calendar.ics: 'Add to calendar' on a meeting's page, one
// meeting as an iCalendar file (members only, like everything under /meetings:
// a visitor goes to /login).
import type { Route } from "./+types/meeting";
import { apiErrorResponse } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { requireMember } from "~/server/guards.server";
import { calendarResponse, meetingCalendarFile } from "~/services/meetings/calendar.server";
import { MEETING_NOT_FOUND_MESSAGE } from "~/services/meetings/meetings.server";
import { page } from "~/server/pages.server";

export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  try {
    const member = await requireMember(request);
    const meetingId = idParam(MEETING_NOT_FOUND_MESSAGE)(params.meetingId);
    return calendarResponse(await meetingCalendarFile(member, meetingId), `meeting-${meetingId}.ics`);
  } catch (error) {
    return apiErrorResponse(error);
  }
});

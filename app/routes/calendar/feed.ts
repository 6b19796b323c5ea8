// GET /calendar/{token}.ics: a member's private feed of the club's meetings, for
// calendar apps (no session: the unguessable token is the key). 404 for a token
// that was renewed or never existed, and for a deactivated member's.
import type { Route } from "./+types/feed";
import { apiErrorResponse } from "~/server/api.server";
import { calendarFeed, calendarResponse, CALENDAR_NOT_FOUND_MESSAGE } from "~/services/meetings/calendar.server";
import { NotFoundError } from "~/services/errors.server";
import { page } from "~/server/pages.server";

export const loader = page(async ({ params }: Route.LoaderArgs) => {
  try {
    const token = /^(.+)\.ics$/.exec(params.feed ?? "")?.[1];
    if (!token) throw new NotFoundError(CALENDAR_NOT_FOUND_MESSAGE);
    return calendarResponse(await calendarFeed(token));
  } catch (error) {
    return apiErrorResponse(error);
  }
});

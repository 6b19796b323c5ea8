// An admin's first steps on a new club: while the home page has no photos to
// show, an admin's home page points to what makes a club (inviting members, the
// first meeting, its name) instead of an empty grid.
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import { isAdmin, type ViewerRef } from "~/services/access.server";
import type { FirstSteps } from "~/lib/first-steps";

/** The steps for this viewer's home page: null for anyone but an admin, and once there are photos to show. */
export async function firstSteps(viewer: ViewerRef, homeHasPhotos: boolean): Promise<FirstSteps | null> {
  if (!isAdmin(viewer) || homeHasPhotos) return null;
  const [meeting] = await db().select({ id: meetings.id }).from(meetings).limit(1);
  return { meetingScheduled: Boolean(meeting) };
}

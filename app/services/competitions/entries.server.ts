// A competition's entry rules, checked on the server for every way in (a new
// upload, one's own photo): entries close at `closesAt`; each goes to one of the
// competition's categories, at most `maxEntries` of a member's per category;
// with a title (the photo's caption) and, for projection, a long edge of at
// least the club's minimum (club settings). Called under the submitter's lock,
// so two uploads at once cannot both take a category's last place.
import { and, count, eq } from "drizzle-orm";
import { db } from "@db/client.server";
import { competitionCategories, meetingSubmissions, type MeetingRow } from "@db/schema";
import { formatMeetingDateTime } from "~/lib/club-time";
import { ConflictError, InvalidError, RefusedError } from "~/services/errors.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";
import { competitionSettings } from "./competition-settings.server";

export type EntryFacts = { categoryId?: number; caption: string | null; width: number | null; height: number | null };

export const CHOOSE_CATEGORY_MESSAGE = "Choose the category this entry is for.";
export const TITLE_REQUIRED_MESSAGE = "Give your entry a title: it is read out with the entry.";

export function entriesClosedMessage(closesAt: Date): string {
  return `Entries closed on ${formatMeetingDateTime(closesAt, clubTimeZone())}.`;
}

/** Refuses an entry after its competition's deadline (422, saying when it was). */
export function requireEntriesOpen(meeting: MeetingRow, now = new Date()) {
  if (meeting.kind === "competition" && meeting.closesAt && now.getTime() >= meeting.closesAt.getTime())
    throw new RefusedError(entriesClosedMessage(meeting.closesAt));
}

/** The rules an entry must meet before anything is stored (a critique night's submissions have none). */
export async function requireEntryRules(meeting: MeetingRow, userId: number, entry: EntryFacts): Promise<void> {
  if (meeting.kind !== "competition") {
    if (entry.categoryId !== undefined)
      throw InvalidError.field("CategoryId", "Only a competition's entries have a category.");
    return;
  }
  requireEntriesOpen(meeting);
  if (entry.categoryId === undefined) throw InvalidError.field("CategoryId", CHOOSE_CATEGORY_MESSAGE);
  const [category] = await db()
    .select()
    .from(competitionCategories)
    .where(and(eq(competitionCategories.id, entry.categoryId), eq(competitionCategories.meetingId, meeting.id)));
  if (!category) throw InvalidError.field("CategoryId", "That category is not one of this competition's.");
  const settings = await competitionSettings();
  if (settings.entryTitleRequired && !entry.caption?.trim())
    throw InvalidError.field("caption", TITLE_REQUIRED_MESSAGE);
  const longEdge = Math.max(entry.width ?? 0, entry.height ?? 0);
  if (longEdge < settings.entryMinLongEdge) {
    throw InvalidError.field(
      "file",
      `A projected entry needs a long edge of at least ${settings.entryMinLongEdge.toLocaleString("en-US")} px; this photo's is ${longEdge.toLocaleString("en-US")} px.`,
    );
  }
  const [entered] = await db()
    .select({ n: count() })
    .from(meetingSubmissions)
    .where(and(eq(meetingSubmissions.categoryId, category.id), eq(meetingSubmissions.userId, userId)));
  if ((entered?.n ?? 0) >= category.maxEntries) {
    const entries = category.maxEntries === 1 ? "one entry" : `${category.maxEntries} entries`;
    throw new ConflictError(`You have entered ${category.name} already: ${entries} per member.`);
  }
}

// Recurring meetings (meeting templates): members read them, admins change
// them. A template's latestAt is its latest meeting's start; its next meeting
// starts `frequency` calendar days later on the club's clock, or for a monthly
// one on the same weekday of the next month (meeting-json.server.ts, nextStartOf).
import { asc, eq } from "drizzle-orm";
import { DEFAULT_SCORE_MAX } from "~/lib/competitions";
import { db, transaction } from "@db/client.server";
import { meetingTemplates } from "@db/schema";
import type { TemplatePatch } from "~/lib/meeting-schemas";
import { rhythmOf } from "~/lib/meetings";
import { requireAdmin, requireLoggedIn, type ViewerRef } from "~/services/access.server";
import { InvalidError, NotFoundError } from "~/services/errors.server";
import { clubTimeZone } from "./club-zone.server";
import { rhythmColumns, toTemplateJson, type MeetingTemplateRow } from "./meeting-json.server";
import { type MeetingTemplateJson } from "~/lib/meeting-json";
import { requireMembersExist } from "./meeting-members.server";

export const TEMPLATE_NOT_FOUND_MESSAGE = "Recurring meeting not found.";

/** A template row; 404 when there is none. `lock` holds it for the caller's transaction. */
export async function loadTemplate(templateId: number, lock?: "update"): Promise<MeetingTemplateRow> {
  const query = db().select().from(meetingTemplates).where(eq(meetingTemplates.id, templateId));
  const [template] = lock ? await query.for(lock) : await query;
  if (!template) throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  return template;
}

/** Every recurring meeting, the soonest next meeting first (the 'Manage Recurring Meetings' table). */
export async function listTemplates(viewer: ViewerRef): Promise<MeetingTemplateJson[]> {
  requireLoggedIn(viewer);
  const rows = await db()
    .select()
    .from(meetingTemplates)
    .orderBy(asc(meetingTemplates.latestAt), asc(meetingTemplates.id));
  const zone = clubTimeZone();
  return rows.map((row) => toTemplateJson(row, zone));
}

export async function getTemplate(viewer: ViewerRef, templateId: number): Promise<MeetingTemplateJson> {
  requireLoggedIn(viewer);
  return toTemplateJson(await loadTemplate(templateId), clubTimeZone());
}

/** Changes a recurring meeting; meetings already made from it keep their own fields. */
export async function updateTemplate(
  viewer: ViewerRef,
  templateId: number,
  changes: TemplatePatch,
): Promise<MeetingTemplateJson> {
  requireAdmin(viewer);
  return transaction(async () => {
    const before = await loadTemplate(templateId, "update");
    await requireMembersExist(changes.allowedUserIds);
    // `frequency` and `repeats` name one rhythm (the schema checked they agree), stored as its columns.
    const {
      frequency: _frequency,
      repeats: _repeats,
      kind: _kind,
      categories: _categories,
      scoreMax: _scoreMax,
      closesDaysBefore: _closesDaysBefore,
      ...fields
    } = changes;
    const rhythm = rhythmOf(changes);
    const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const [template] = await db()
      .update(meetingTemplates)
      .set({
        ...set,
        ...templateKindColumns(before, changes),
        ...(rhythm ? rhythmColumns(rhythm) : {}),
        updatedAt: new Date(),
      })
      .where(eq(meetingTemplates.id, templateId))
      .returning();
    return toTemplateJson(template!, clubTimeZone());
  });
}

/**
 * A template's kind columns after an edit: a recurring competition has categories ({name, maxEntries}, the
 * meetings' own ids are theirs), a score out of (20 unless chosen), how many days before each start its
 * entries close, and is anonymous as its competitions are; a critique night has none of them.
 */
function templateKindColumns(before: MeetingTemplateRow, changes: TemplatePatch) {
  const kind = changes.kind ?? before.kind;
  if (kind === "critique") return { kind, categories: null, scoreMax: null, closesDaysBefore: null };
  const categories =
    changes.categories?.map(({ name, maxEntries }) => ({ name, maxEntries })) ?? before.categories ?? null;
  if (!categories) throw InvalidError.field("categories", "A competition needs at least one category.");
  const closesDaysBefore = changes.closesDaysBefore ?? before.closesDaysBefore;
  if (closesDaysBefore === null || closesDaysBefore === undefined)
    throw InvalidError.field("closesDaysBefore", "Say how many days before each meeting its entries close.");
  const scoreMax = changes.scoreMax ?? before.scoreMax ?? DEFAULT_SCORE_MAX;
  return { kind, categories, scoreMax, closesDaysBefore, anonymous: true };
}

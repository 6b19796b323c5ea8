// Test helpers for meetings: rows written straight into the tables, the
// /api/meetings routes called the way React Router calls them, and a small real
// JPEG to upload.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { db } from "@db/client.server";
import { meetingSubmissions, meetings, meetingTemplates, type MeetingRow } from "@db/schema";
import { env } from "~/env.server";
import * as meetingsList from "~/routes/api/meetings";
import * as meetingOne from "~/routes/api/meetings.meeting";
import * as submissionOne from "~/routes/api/meetings.submission";
import * as submissionsAll from "~/routes/api/meetings.submissions";
import * as revealOne from "~/routes/api/meetings.reveal";
import * as templatesAll from "~/routes/api/meetings.templates";
import * as templateOne from "~/routes/api/meetings.templates.template";
import { request } from "./members";
import { call } from "./routes";

/**
 * The club's clock for the file's tests, a zone other than the machine's so a
 * time read on the wrong clock shows; the previous one is put back after.
 */
export function useClubTimeZone(zone: string) {
  const previous = process.env.CLUB_TIME_ZONE;
  beforeAll(() => {
    process.env.CLUB_TIME_ZONE = zone;
    expect(env().CLUB_TIME_ZONE).toBe(zone);
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CLUB_TIME_ZONE;
    else process.env.CLUB_TIME_ZONE = previous;
  });
}

const HOUR = 60 * 60 * 1000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

export async function insertMeeting(values: Partial<typeof meetings.$inferInsert> = {}): Promise<MeetingRow> {
  const [meeting] = await db()
    .insert(meetings)
    .values({ startsAt: hoursFromNow(48), topic: "Night walk\nAvailable light only.", ...values })
    .returning();
  return meeting!;
}

export async function insertTemplate(values: Partial<typeof meetingTemplates.$inferInsert> = {}) {
  const [template] = await db()
    .insert(meetingTemplates)
    .values({ topic: "Weekly critique", latestAt: hoursFromNow(24), frequency: 7, ...values })
    .returning();
  return template!;
}

/** A submission row (positions given by the caller); the photo's meeting copy is not refreshed. */
export async function submitDirectly(meetingId: number, photo: { id: number; userId: number }, position: number) {
  const [row] = await db()
    .insert(meetingSubmissions)
    .values({ meetingId, photoId: photo.id, userId: photo.userId, position })
    .returning();
  return row!;
}

const routes: [RegExp, { loader: unknown; action: unknown }, string[]][] = [
  [/^\/api\/meetings$/, meetingsList, []],
  [/^\/api\/meetings\/templates$/, templatesAll, []],
  [/^\/api\/meetings\/templates\/([^/]+)$/, templateOne, ["templateId"]],
  [/^\/api\/meetings\/([^/]+)$/, meetingOne, ["meetingId"]],
  [/^\/api\/meetings\/([^/]+)\/submissions$/, submissionsAll, ["meetingId"]],
  [/^\/api\/meetings\/([^/]+)\/reveal$/, revealOne, ["meetingId"]],
  [/^\/api\/meetings\/([^/]+)\/submissions\/([^/]+)$/, submissionOne, ["meetingId", "submissionId"]],
];

/** Calls an /api/meetings route: `meetingsApi("PATCH", "/api/meetings/3", { cookie, json })`. */
export async function meetingsApi(
  method: string,
  pathAndQuery: string,
  init: { cookie?: string; json?: unknown } = {},
): Promise<Response> {
  const path = pathAndQuery.split("?")[0]!;
  for (const [pattern, module, names] of routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    const handler = method === "GET" ? module.loader : module.action;
    return call(handler, request(pathAndQuery, { method, cookie: init.cookie, json: init.json }), params);
  }
  throw new Error(`no meetings route for ${path}`);
}

/** Submits to a meeting through the API as the member with `cookie`. */
export function submitToMeeting(meetingId: number, cookie: string, body: unknown) {
  return meetingsApi("POST", `/api/meetings/${meetingId}/submissions`, { cookie, json: body });
}

/** A member's submissions to a meeting, in their order. */
export async function submissionsOf(meetingId: number, userId: number) {
  return db()
    .select()
    .from(meetingSubmissions)
    .where(and(eq(meetingSubmissions.meetingId, meetingId), eq(meetingSubmissions.userId, userId)))
    .orderBy(meetingSubmissions.position);
}

/** A small real JPEG (each call a different colour, so no two uploads are the same bytes). */
export async function smallJpeg(seed = Math.floor(Math.random() * 255)): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 255 - seed } } })
    .jpeg()
    .toBuffer();
}

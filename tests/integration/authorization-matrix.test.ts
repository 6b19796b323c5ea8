// The authorization matrix: every route of app/routes.ts, every method it
// answers, as each kind of person (docs/product.md, Permissions), with the status each must
// get. The rows are checked against the route table, so a new route or method
// without its rows fails here. Each cell runs on fresh targets (its own owner,
// photo and invite), so one cell's change never decides another's answer.
//
// An expectation is a status, or "302 /login" for a redirect and where it goes.
// RECORD_MATRIX=1 prints what each cell answers instead of asserting.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { clubSettings, meetings, users } from "@db/schema";
import { hashPassword } from "~/services/auth/password-hash.server";
import { runWithRequestFacts } from "~/base/request-context.server";
import { createSession } from "~/services/auth/session.server";
import { calendarFeedUrl } from "~/services/meetings/calendar.server";
import { mediaVersion } from "~/services/photos/json.server";
import { commentNotificationsSettled } from "~/services/ratings/comment-notifications.server";
import { insertMeeting, smallJpeg } from "../support/meetings";
import { cookieHeaderFrom, TEST_PASSWORD } from "../support/members";
import { insertPhoto } from "../support/photos";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { saveScore } from "~/services/competitions/judging.server";
import { leafRoutes, loadRouteModule, type LeafRoute } from "../support/route-table";
import { call } from "../support/routes";
import { uploadFile } from "../support/uploads";
import { targetStock, type Person, type Targets } from "../support/matrix-targets";

const ROLES = ["visitor", "member", "owner", "admin", "deactivated"] as const;
type Role = (typeof ROLES)[number];
type Expected = number | `${number} ${string}`;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a cell sends: path parameters, query, and a JSON or form body. */
type Send = { params?: Record<string, string>; query?: string; json?: unknown; form?: Record<string, string> };

type Row = {
  route: string;
  method: Method;
  /** Which case of the route this row covers, when a route has several rows for one method. */
  case?: string;
  send?: (targets: Targets) => Send | Promise<Send>;
  expect: Record<Role, Expected>;
};

const LAST_YEAR = new Date().getFullYear() - 1;
const NO_SUCH_ID = "2147483000";

/** The same answer for everyone. */
const everyone = (status: Expected): Record<Role, Expected> => ({
  visitor: status,
  member: status,
  owner: status,
  admin: status,
  deactivated: status,
});
/** Logged-in members get `status`; visitors (and deactivated members, whose sessions are dead) `refused`. */
const members = (status: Expected, refused: Expected): Record<Role, Expected> => ({
  visitor: refused,
  member: status,
  owner: status,
  admin: status,
  deactivated: refused,
});
/** Admins get `status`; members `forbidden`; visitors `refused`. */
const admins = (status: Expected, forbidden: Expected, refused: Expected): Record<Role, Expected> => ({
  visitor: refused,
  member: forbidden,
  owner: forbidden,
  admin: status,
  deactivated: refused,
});
/** The owner (and admins, when `admin` says so) get `status`; other members `forbidden`. */
const owner = (status: Expected, forbidden: Expected, refused: Expected, admin: Expected = forbidden) => ({
  visitor: refused,
  member: forbidden,
  owner: status,
  admin,
  deactivated: refused,
});

const photo = (t: Targets) => ({ photoId: String(t.photo.id) });
const ownerPage = (t: Targets) => ({ username: t.owner.username });
const meeting = (t: Targets) => ({ meetingId: String(t.meeting.id) });
/** A page of one meeting, for members alone (a visitor is sent to log in). */
const meetingPage = (route: string): Row => ({
  route,
  method: "GET",
  send: (t) => ({ params: meeting(t) }),
  expect: members(200, "302 /login"),
});
/** The file part of the owner's calendar address ('{token}.ics'). */
const ownerFeed = async (t: Targets) => ({ feed: (await calendarFeedUrl(t.owner)).split("/").pop()! });

/** A fresh competition with one entry (its files stored) and a judge: what the judge's cells need. */
async function judged() {
  const owner = await insertMember();
  const { meeting, categories } = await insertCompetition();
  const photo = await insertPhoto(owner.id, { withFiles: true, caption: "Doorway", width: 2000, height: 1500 });
  const entry = await enterDirectly(meeting.id, categories[0]!.id, photo);
  const { token } = await insertJudge(meeting.id);
  return { meeting, entry, token };
}
const judgeLink = async () => ({ token: (await judged()).token });

/** The club's winners gallery turned on or off, as a cell's first step (cells run one after another). */
async function setGallery(on: boolean) {
  await db()
    .insert(clubSettings)
    .values({ id: 1, winnersGallery: on })
    .onConflictDoUpdate({
      target: clubSettings.id,
      set: { winnersGallery: on },
    });
}
const galleryTurned = (on: boolean) => async () => {
  await setGallery(on);
  return {};
};

/** A public member's 1st in a published competition (its files stored), with the gallery as `galleryOn` says. */
async function awardedPhotoId(galleryOn: boolean) {
  await setGallery(galleryOn);
  const { meeting, entry, token } = await judged();
  await saveScore(token, entry.photoId, { score: 18, critique: "" });
  await db()
    .update(meetings)
    .set({ resultsPublishedAt: new Date(), revealedAt: new Date() })
    .where(eq(meetings.id, meeting.id));
  return entry.photoId;
}

const ROWS: Row[] = [
  // Pages: loaders
  { route: "", method: "GET", expect: everyone(200) },
  { route: "login", method: "GET", expect: { ...everyone(200), member: "302 /", owner: "302 /", admin: "302 /" } },
  { route: "logout", method: "GET", expect: everyone("302 /") },
  { route: "register", method: "GET", expect: everyone(404) },
  { route: "setup/:token", method: "GET", send: () => ({ params: { token: "nope" } }), expect: everyone(404) },
  { route: "account", method: "GET", expect: members(200, "302 /login") },
  { route: "passwords", method: "GET", expect: everyone("302 /passwords/forgot") },
  {
    route: "passwords/reset/:token",
    method: "GET",
    send: () => ({ params: { token: "x".repeat(43) } }),
    expect: everyone(404),
  },
  {
    route: "invites/:inviteId",
    method: "GET",
    send: (t) => ({ params: { inviteId: t.inviteId } }),
    expect: everyone(200),
  },
  { route: "members", method: "GET", expect: everyone(200) },
  {
    route: "members/:username",
    method: "GET",
    send: (t) => ({ params: ownerPage(t) }),
    // Members go to 'All', visitors to last year.
    expect: { ...members("302 /members/", "302 /members/"), visitor: `302 /members/`, deactivated: `302 /members/` },
  },
  {
    route: "members/:username/:year/:photoId?",
    method: "GET",
    case: "a deactivated member's gallery",
    send: (t) => ({ params: { username: t.deactivated.username, year: String(LAST_YEAR) } }),
    expect: { ...everyone(404), admin: 200 },
  },
  {
    route: "members/:username/edit",
    method: "GET",
    send: (t) => ({ params: ownerPage(t) }),
    expect: owner(200, 403, "302 /login", 200),
  },
  {
    route: "members/:username/:year/:photoId?",
    method: "GET",
    send: (t) => ({ params: { ...ownerPage(t), year: String(LAST_YEAR), photoId: String(t.photo.id) } }),
    expect: everyone(200),
  },
  { route: "browse/:photoId?", method: "GET", expect: members(200, "302 /login") },
  // The winners gallery: a club setting, off by default (404 for everyone), public while on.
  { route: "winners", method: "GET", case: "the gallery off", send: galleryTurned(false), expect: everyone(404) },
  { route: "winners", method: "GET", case: "the gallery on", send: galleryTurned(true), expect: everyone(200) },
  { route: "upload", method: "GET", expect: members(200, "302 /login") },
  { route: "comments/:photoId?", method: "GET", expect: members(200, "302 /login") },
  { route: "meetings", method: "GET", expect: members(200, "302 /login") },
  { route: "meetings/standings", method: "GET", expect: members(200, "302 /login") },
  { route: "meetings/new", method: "GET", expect: admins(200, "302 /", "302 /login") },
  {
    route: "meetings/templates/:meetingId/edit",
    method: "GET",
    send: (t) => ({ params: { meetingId: String(t.templateId) } }),
    expect: admins(200, "302 /", "302 /login"),
  },
  {
    route: "meetings/:meetingId/edit",
    method: "GET",
    send: (t) => ({ params: meeting(t) }),
    expect: admins(200, "302 /", "302 /login"),
  },
  // Members off the meeting's list see the upload page too: it tells them so.
  meetingPage("meetings/:meetingId/upload"),
  meetingPage("meetings/:meetingId/:photoId?"),
  {
    ...meetingPage("meetings/:meetingId/:photoId?"),
    case: "a photo of the meeting opened in place",
    send: (t) => ({ params: { ...meeting(t), photoId: String(t.submission.photoId) } }),
  },
  meetingPage("meetings/:meetingId/calendar.ics"),
  meetingPage("meetings/:meetingId/results"),
  meetingPage("meetings/:meetingId/present"),
  {
    route: "calendar/:feed",
    method: "GET",
    case: "a member's private address",
    // Calendar apps fetch without a session: the token is the key, whoever asks.
    send: async (t) => ({ params: await ownerFeed(t) }),
    expect: everyone(200),
  },
  {
    route: "calendar/:feed",
    method: "GET",
    case: "an address nobody holds",
    send: () => ({ params: { feed: `${"A".repeat(43)}.ics` } }),
    expect: everyone(404),
  },
  { route: "admin", method: "GET", expect: admins("302 /admin/members", "302 /", "302 /login") },
  { route: "admin/members", method: "GET", expect: admins(200, "302 /", "302 /login") },
  { route: "admin/members/invite", method: "GET", expect: admins(200, "302 /", "302 /login") },
  { route: "admin/club", method: "GET", expect: admins(200, "302 /", "302 /login") },
  {
    route: "admin/members/:userId",
    method: "GET",
    send: (t) => ({ params: { userId: String(t.owner.id) } }),
    expect: admins(200, "302 /", "302 /login"),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    send: (t) => ({ params: { ...photo(t), size: "thumb" } }),
    expect: everyone(200),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    case: "the thumbnail at its versioned URL",
    send: (t) => ({ params: { ...photo(t), size: "thumb" }, query: `v=${mediaVersion(t.photo.thumbKey!)}` }),
    expect: everyone(200),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    case: "the large size at its versioned URL",
    send: (t) => ({ params: { ...photo(t), size: "large" }, query: `v=${mediaVersion(t.photo.largeKey!)}` }),
    // Members only: a visitor (or a dead session) learns nothing (404).
    expect: members(200, 404),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    case: "a stale version",
    send: (t) => ({ params: { ...photo(t), size: "large" }, query: "v=AAAAAAAAAAAA" }),
    // To the current URL, for those who may see it; a visitor is not told it exists.
    expect: members("302 /media/photos/", 404),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    case: "a public member's award, the winners gallery off",
    send: async () => ({ params: { photoId: String(await awardedPhotoId(false)), size: "thumb" } }),
    // A thumbnail of a published competition's 1st: members only while the club shows no gallery.
    expect: members(200, 404),
  },
  {
    route: "media/photos/:photoId/:size",
    method: "GET",
    case: "a public member's award, the winners gallery on",
    send: async () => ({ params: { photoId: String(await awardedPhotoId(true)), size: "thumb" } }),
    expect: everyone(200),
  },
  {
    route: "media/comments/:commentId/crop",
    method: "GET",
    send: (t) => ({ params: { commentId: String(t.cropCommentId) } }),
    // As the photo's large size: members only, and a visitor learns nothing (404).
    expect: members(200, 404),
  },
  {
    route: "media/comments/:commentId/crop",
    method: "GET",
    case: "a comment without a crop",
    send: (t) => ({ params: { commentId: String(t.commentId) } }),
    expect: everyone(404),
  },
  {
    route: "media/pictures/:assetId/:size",
    method: "GET",
    send: () => ({ params: { assetId: NO_SUCH_ID, size: "thumb" } }),
    expect: everyone(404),
  },
  { route: "uploads/:token", method: "GET", send: () => ({ params: { token: "nope" } }), expect: everyone(405) },

  // Pages: actions
  {
    route: "login",
    method: "POST",
    send: () => ({ form: { email: `nobody-${crypto.randomUUID()}`, password: "wrong-password1" } }),
    expect: everyone(422),
  },
  { route: "logout", method: "POST", expect: everyone("302 /") },
  { route: "register", method: "POST", send: () => ({ form: {} }), expect: everyone(404) },
  {
    route: "setup/:token",
    method: "POST",
    send: () => ({ params: { token: "nope" }, form: {} }),
    expect: everyone(404),
  },
  {
    route: "passwords/forgot",
    method: "POST",
    send: () => ({ form: { email: "nobody@example.com" } }),
    // Any failure reads 'Email not found.'
    expect: everyone(422),
  },
  {
    route: "passwords/reset/:token",
    method: "POST",
    send: () => ({ params: { token: "x".repeat(43) }, form: { password: "darkroom42" } }),
    expect: everyone(404),
  },
  {
    route: "invites/:inviteId",
    method: "POST",
    send: (t) => ({ params: { inviteId: t.inviteId }, form: {} }),
    expect: everyone(422),
  },
  {
    route: "members/:username/edit",
    method: "POST",
    send: (t) => ({ params: ownerPage(t), form: {} }),
    expect: owner(422, 403, "302 /login", 422),
  },
  {
    route: "members/:username/:year/:photoId",
    method: "POST",
    case: "update a photo",
    send: (t) => ({
      params: { ...ownerPage(t), year: String(LAST_YEAR), ...photo(t) },
      form: { intent: "update", photoId: String(t.photo.id), caption: "Changed", license: "ccby" },
    }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "browse/:photoId?",
    method: "POST",
    case: "delete a photo",
    send: (t) => ({ form: { intent: "delete", photoId: String(t.photo.id) } }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "upload",
    method: "POST",
    case: "feature a photo",
    send: (t) => ({ form: { intent: "feature", photoId: String(t.photo.id), year: "" } }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "browse/:photoId",
    method: "POST",
    case: "rate a photo",
    send: (t) => ({ params: photo(t), form: { intent: "rate", photoId: String(t.photo.id), value: "4" } }),
    expect: members(200, "302 /login"),
  },
  {
    route: "comments/:photoId",
    method: "POST",
    case: "comment on a photo",
    send: (t) => ({
      params: photo(t),
      form: { intent: "comment", photoId: String(t.photo.id), body: "Matrix says hi" },
    }),
    expect: members(200, "302 /login"),
  },
  {
    route: "members/:username/:year/:photoId?",
    method: "POST",
    case: "edit a comment",
    send: (t) => ({
      params: { ...ownerPage(t), year: "all" },
      form: { intent: "edit-comment", commentId: String(t.commentId), body: "Changed" },
    }),
    // Only the author edits a comment; admins may not.
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "comments/:photoId?",
    method: "POST",
    case: "delete a comment",
    send: (t) => ({ form: { intent: "delete-comment", commentId: String(t.commentId) } }),
    // The author, or an admin (moderation).
    expect: owner(200, 403, "302 /login", 200),
  },
  {
    route: "account",
    method: "POST",
    case: "make a new calendar address",
    send: () => ({ form: { intent: "renew-calendar" } }),
    expect: members("302 /account", "302 /login"),
  },
  {
    route: "meetings/new",
    method: "POST",
    send: () => ({ form: {} }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "meetings/templates/:meetingId/edit",
    method: "POST",
    send: (t) => ({ params: { meetingId: String(t.templateId) }, form: {} }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "meetings/:meetingId/edit",
    method: "POST",
    case: "save a meeting",
    send: (t) => ({ params: meeting(t), form: { intent: "save", startsAt: "2031-03-10T19:00", topic: "Changed" } }),
    expect: admins(`302 /meetings/`, "302 /", "302 /login"),
  },
  {
    route: "meetings/:meetingId/edit",
    method: "POST",
    case: "delete a meeting nobody submitted to",
    send: (t) => ({ params: { meetingId: String(t.emptyMeetingId) }, form: { intent: "delete" } }),
    expect: admins("302 /meetings", "302 /", "302 /login"),
  },
  {
    route: "meetings/:meetingId/upload",
    method: "POST",
    case: "reorder one's submissions",
    send: (t) => ({ params: meeting(t), form: { intent: "reorder", photoIds: String(t.submission.photoId) } }),
    // Only the author, admins included: nobody changes another's submissions.
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/upload",
    method: "POST",
    case: "choose one of one's photos",
    send: async (t) => ({
      params: meeting(t),
      form: { intent: "submit-photo", PhotoId: String((await insertPhoto(t.owner.id)).id) },
    }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/upload",
    method: "POST",
    case: "caption one's photo in the list",
    send: (t) => ({
      params: meeting(t),
      form: { intent: "caption", photoId: String(t.submission.photoId), caption: "Matrix caption" },
    }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/upload",
    method: "POST",
    case: "withdraw a submission",
    send: (t) => ({ params: meeting(t), form: { intent: "withdraw", submissionId: String(t.submission.id) } }),
    expect: owner(200, 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/:photoId?",
    method: "POST",
    case: "reveal an anonymous meeting's names",
    send: async () => ({
      params: { meetingId: String((await insertMeeting({ anonymous: true })).id) },
      form: { intent: "reveal" },
    }),
    expect: { ...admins("302 /meetings/", 403, "302 /login") },
  },
  {
    route: "meetings/:meetingId/:photoId?",
    method: "POST",
    case: "choose the order",
    send: (t) => ({ params: meeting(t), form: { intent: "sort", sort: "alphabetical" } }),
    expect: members("302 /meetings/", "302 /login"),
  },
  {
    route: "meetings/:meetingId/:photoId",
    method: "POST",
    case: "choose the order with a photo open",
    send: (t) => ({
      params: { ...meeting(t), photoId: String(t.submission.photoId) },
      form: { intent: "sort", sort: "alphabetical" },
    }),
    expect: members("302 /meetings/", "302 /login"),
  },
  {
    route: "meetings/:meetingId/:photoId",
    method: "POST",
    case: "rate a submitted photo",
    send: (t) => ({
      params: { ...meeting(t), photoId: String(t.submission.photoId) },
      form: { intent: "rate", photoId: String(t.submission.photoId), value: "4" },
    }),
    expect: members(200, "302 /login"),
  },
  {
    route: "admin/members",
    method: "POST",
    case: "resend an invite",
    send: (t) => ({ form: { intent: "resend", inviteId: t.inviteId } }),
    expect: admins("302 /admin/members", "302 /", "302 /login"),
  },
  {
    route: "admin/members/invite",
    method: "POST",
    send: () => ({ form: {} }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "admin/club",
    method: "POST",
    case: "a name refused",
    send: () => ({ form: {} }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "admin/club",
    method: "POST",
    case: "the club renamed",
    send: () => ({ form: { clubName: "Matrix Street Club" } }),
    expect: admins("302 /admin/club", "302 /", "302 /login"),
  },
  {
    route: "admin/club",
    method: "POST",
    case: "placing points refused",
    send: () => ({ form: { intent: "placing-points", firstPlacePoints: "1", secondPlacePoints: "2" } }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "admin/club",
    method: "POST",
    case: "placing points saved",
    send: () => ({
      form: { intent: "placing-points", firstPlacePoints: "3", secondPlacePoints: "2", thirdPlacePoints: "1" },
    }),
    expect: admins("302 /admin/club", "302 /", "302 /login"),
  },
  {
    route: "admin/members/:userId",
    method: "POST",
    send: (t) => ({ params: { userId: String(t.owner.id) }, form: {} }),
    expect: admins(422, "302 /", "302 /login"),
  },
  {
    route: "uploads/:token",
    method: "POST",
    send: () => ({ params: { token: "nope" } }),
    expect: everyone(405),
  },
  {
    route: "uploads/:token",
    method: "PUT",
    send: () => ({ params: { token: "nope" } }),
    expect: everyone(404),
  },

  // The API
  {
    route: "api/assets",
    method: "POST",
    send: () => ({ json: { blob: { filename: "street.jpg", content_type: "image/jpeg", byte_size: 1000 } } }),
    expect: members(201, 401),
  },
  {
    route: "api/auth/login",
    method: "POST",
    send: () => ({ json: { email: `nobody-${crypto.randomUUID()}`, password: "wrong-password1" } }),
    expect: everyone(422),
  },
  { route: "api/auth/logout", method: "GET", expect: everyone(204) },
  { route: "api/users/me", method: "GET", expect: members(200, 204) },
  // Registration is closed in this suite (FEATURE_REGISTRATION unset): the route does not exist.
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method): Row => ({
    route: "api/auth/register",
    method,
    send: () => (method === "GET" ? {} : { json: {} }),
    expect: everyone(404),
  })),
  { route: "api/users", method: "GET", expect: everyone(200) },
  {
    route: "api/users/:userId",
    method: "GET",
    send: (t) => ({ params: { userId: String(t.owner.id) } }),
    expect: everyone(200),
  },
  {
    route: "api/users/:userId",
    method: "GET",
    case: "a deactivated member",
    send: (t) => ({ params: { userId: String(t.deactivated.id) } }),
    expect: { ...everyone(404), admin: 200 },
  },
  {
    route: "api/users/:userId",
    method: "PATCH",
    send: (t) => ({ params: { userId: String(t.owner.id) }, json: {} }),
    expect: owner(200, 403, 401, 200),
  },
  {
    route: "api/users/:userId",
    method: "PUT",
    send: (t) => ({ params: { userId: String(t.owner.id) }, json: {} }),
    expect: owner(200, 403, 401, 200),
  },
  {
    route: "api/users/:userId",
    method: "DELETE",
    send: (t) => ({ params: { userId: String(t.owner.id) } }),
    expect: admins(200, 403, 401),
  },
  { route: "api/invites", method: "GET", expect: admins(200, 403, 401) },
  { route: "api/invites", method: "POST", send: () => ({ json: {} }), expect: admins(422, 403, 401) },
  {
    route: "api/invites/:inviteId",
    method: "GET",
    send: (t) => ({ params: { inviteId: t.inviteId } }),
    expect: everyone(200),
  },
  {
    route: "api/invites/:inviteId",
    method: "DELETE",
    send: (t) => ({ params: { inviteId: t.inviteId } }),
    expect: admins(200, 403, 401),
  },
  ...(["POST", "PUT"] as const).map((method): Row => ({
    route: "api/invites/:inviteId/accept",
    method,
    send: (t) => ({ params: { inviteId: t.inviteId }, json: {} }),
    expect: everyone(422),
  })),
  {
    route: "api/invites/:inviteId/resend",
    method: "POST",
    send: (t) => ({ params: { inviteId: t.inviteId } }),
    expect: admins(200, 403, 401),
  },
  {
    route: "api/passwords",
    method: "POST",
    send: () => ({ json: { email: "nobody@example.com" } }),
    expect: everyone(422),
  },
  {
    route: "api/passwords/:token",
    method: "GET",
    send: () => ({ params: { token: "x".repeat(43) } }),
    expect: everyone(404),
  },
  ...(["PATCH", "PUT"] as const).map((method): Row => ({
    route: "api/passwords/:token",
    method,
    send: () => ({ params: { token: "x".repeat(43) }, json: { password: "darkroom42" } }),
    expect: everyone(404),
  })),
  { route: "api/photos", method: "GET", expect: everyone(200) },
  { route: "api/photos", method: "POST", send: () => ({ json: {} }), expect: members(422, 401) },
  { route: "api/photos/random", method: "GET", expect: everyone(200) },
  {
    route: "api/photos/features/:userId/:year",
    method: "PUT",
    send: (t) => ({
      params: { userId: String(t.owner.id), year: String(LAST_YEAR) },
      json: { photoIds: [t.photo.id] },
    }),
    expect: owner(200, 403, 401),
  },
  { route: "api/photos/:photoId", method: "GET", send: (t) => ({ params: photo(t) }), expect: everyone(200) },
  {
    route: "api/photos/:photoId",
    method: "PATCH",
    send: (t) => ({ params: photo(t), json: { caption: "Changed", license: "ccby" } }),
    expect: owner(200, 403, 401),
  },
  {
    route: "api/photos/:photoId",
    method: "PUT",
    send: (t) => ({ params: photo(t), json: { caption: "Changed", license: "ccby" } }),
    expect: owner(200, 403, 401),
  },
  { route: "api/photos/:photoId", method: "DELETE", send: (t) => ({ params: photo(t) }), expect: owner(204, 403, 401) },
  {
    route: "api/photos/:photoId/feature",
    method: "POST",
    send: (t) => ({ params: photo(t), json: { year: null } }),
    expect: owner(200, 403, 401),
  },
  {
    route: "api/photos/:photoId/rate",
    method: "POST",
    send: (t) => ({ params: photo(t), json: { value: 3 } }),
    expect: members(200, 401),
  },
  { route: "api/comments", method: "GET", expect: members(200, 401) },
  {
    route: "api/comments",
    method: "POST",
    send: (t) => ({ json: { PhotoId: t.photo.id, body: "Matrix says hello" } }),
    expect: members(201, 401),
  },
  {
    route: "api/comments",
    method: "POST",
    case: "a comment on a crop",
    send: (t) => ({
      json: { PhotoId: t.photo.id, body: "Matrix crop", crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } },
    }),
    expect: members(201, 401),
  },
  {
    route: "api/comments/:commentId",
    method: "PATCH",
    send: (t) => ({ params: { commentId: String(t.commentId) }, json: { body: "Changed" } }),
    // Only the author edits a comment; admins may not.
    expect: owner(200, 403, 401),
  },
  {
    route: "api/comments/:commentId",
    method: "DELETE",
    send: (t) => ({ params: { commentId: String(t.commentId) } }),
    // The author, or an admin (moderation).
    expect: owner(204, 403, 401, 204),
  },
  { route: "api/meetings", method: "GET", expect: members(200, 401) },
  {
    route: "api/meetings",
    method: "POST",
    send: () => ({ json: { startsAt: "2031-03-10T19:00", topic: "Matrix meeting" } }),
    expect: admins(201, 403, 401),
  },
  { route: "api/meetings/templates", method: "GET", expect: members(200, 401) },
  {
    route: "api/meetings/templates/:templateId",
    method: "GET",
    send: (t) => ({ params: { templateId: String(t.templateId) } }),
    expect: members(200, 401),
  },
  {
    route: "api/meetings/templates/:templateId",
    method: "PATCH",
    send: (t) => ({ params: { templateId: String(t.templateId) }, json: { topic: "Changed" } }),
    expect: admins(200, 403, 401),
  },
  { route: "api/meetings/:meetingId", method: "GET", send: (t) => ({ params: meeting(t) }), expect: members(200, 401) },
  {
    route: "api/meetings/:meetingId/results",
    method: "GET",
    send: (t) => ({ params: meeting(t) }),
    expect: members(200, 401),
  },
  {
    route: "api/standings",
    method: "GET",
    send: () => ({ query: `year=${new Date().getFullYear()}` }),
    expect: members(200, 401),
  },
  {
    route: "api/meetings/:meetingId",
    method: "PATCH",
    send: (t) => ({ params: meeting(t), json: { topic: "Changed" } }),
    expect: admins(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId",
    method: "DELETE",
    send: (t) => ({ params: { meetingId: String(t.emptyMeetingId) } }),
    expect: admins(204, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/reveal",
    method: "POST",
    // A fresh anonymous meeting per cell: admins reveal its names; members may not.
    send: async () => ({ params: { meetingId: String((await insertMeeting({ anonymous: true })).id) } }),
    expect: admins(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/reveal",
    method: "POST",
    case: "a meeting that is not anonymous",
    send: (t) => ({ params: meeting(t) }),
    expect: admins(409, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/submissions",
    method: "POST",
    // Only the owner is on the meeting's list: any other member, admins included, is told so (403).
    send: async (t) => ({
      params: meeting(t),
      json: { filename: "street.jpg", file: await uploadFile(t.owner.cookie, await smallJpeg(), "street.jpg") },
    }),
    expect: owner(201, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/submissions",
    method: "POST",
    case: "submit one's own photo by its id",
    // A photo of the owner's in no meeting; anyone else is off the meeting's list (403).
    send: async (t) => ({ params: meeting(t), json: { PhotoId: (await insertPhoto(t.owner.id)).id } }),
    expect: owner(201, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/submissions",
    method: "PUT",
    send: (t) => ({ params: meeting(t), json: { photoIds: [t.submission.photoId] } }),
    expect: owner(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/submissions/:submissionId",
    method: "DELETE",
    send: (t) => ({ params: { ...meeting(t), submissionId: String(t.submission.id) } }),
    expect: owner(204, 403, 401),
  },
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map((method): Row => ({
    route: "api/*",
    method,
    send: () => ({ params: { "*": "nothing" } }),
    expect: everyone(404),
  })),
  // Any other address: 'Not found' in the site's shell, for everyone.
  { route: "*", method: "GET", send: () => ({ params: { "*": "nothing/here" } }), expect: everyone(404) },

  // Competitions: an admin's judges and originals; the judge's link (no account), whoever holds it.
  {
    route: "api/meetings/:meetingId/judges",
    method: "GET",
    send: async () => ({ params: { meetingId: String((await judged()).meeting.id) } }),
    expect: admins(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/judges",
    method: "POST",
    send: async () => ({
      params: { meetingId: String((await judged()).meeting.id) },
      json: { name: "Fay Godwin", email: "fay@example.com" },
    }),
    expect: admins(201, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/originals.zip",
    method: "GET",
    send: async () => ({ params: { meetingId: String((await judged()).meeting.id) } }),
    expect: admins(200, 403, 401),
  },
  { route: "api/club", method: "GET", expect: admins(200, 403, 401) },
  // An admin's change that changes nothing others would notice: the name stays as it is.
  {
    route: "api/club",
    method: "PATCH",
    send: () => ({ json: { entryTitleRequired: true } }),
    expect: admins(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/publish",
    method: "POST",
    // A fresh competition whose one entry is scored: admins publish; members may not.
    send: async () => {
      const { meeting, token, entry } = await judged();
      await saveScore(token, entry.photoId, { score: 15, critique: "" });
      return { params: { meetingId: String(meeting.id) } };
    },
    expect: admins(200, 403, 401),
  },
  {
    route: "api/meetings/:meetingId/results",
    method: "PATCH",
    send: async () => {
      const { meeting, token, entry } = await judged();
      await saveScore(token, entry.photoId, { score: 15, critique: "" });
      return { params: { meetingId: String(meeting.id) }, json: { PhotoId: entry.photoId, award: "HC" } };
    },
    expect: admins(200, 403, 401),
  },
  // A competition's results page: admins publish and change awards with plain forms; members are refused.
  {
    route: "meetings/:meetingId/results",
    method: "POST",
    case: "publish a competition's results",
    send: async () => {
      const { meeting, token, entry } = await judged();
      await saveScore(token, entry.photoId, { score: 15, critique: "" });
      return { params: { meetingId: String(meeting.id) }, form: { intent: "publish" } };
    },
    expect: admins("302 /meetings/", 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/results",
    method: "POST",
    case: "change an entry's award",
    send: async () => {
      const { meeting, token, entry } = await judged();
      await saveScore(token, entry.photoId, { score: 15, critique: "" });
      return {
        params: { meetingId: String(meeting.id) },
        form: { intent: "award", PhotoId: String(entry.photoId), award: "HC" },
      };
    },
    expect: admins("302 /meetings/", 403, "302 /login"),
  },
  {
    route: "meetings/:meetingId/edit",
    method: "POST",
    case: "invite a competition's judge",
    send: async () => ({
      params: { meetingId: String((await judged()).meeting.id) },
      form: { intent: "invite-judge", name: "Fay Godwin", email: "fay@example.com" },
    }),
    expect: admins("302 /meetings/", "302 /", "302 /login"),
  },
  {
    ...meetingPage("meetings/:meetingId/results"),
    case: "a competition's results, before publishing",
    send: async () => ({ params: { meetingId: String((await judged()).meeting.id) } }),
  },
  {
    ...meetingPage("meetings/:meetingId/present"),
    case: "a competition's presenter's screen",
    send: async () => ({ params: { meetingId: String((await judged()).meeting.id) } }),
  },
  { route: "judge/:token", method: "GET", send: async () => ({ params: await judgeLink() }), expect: everyone(200) },
  {
    route: "judge/:token",
    method: "GET",
    case: "a link nobody holds",
    send: () => ({ params: { token: "A".repeat(43) } }),
    expect: everyone(404),
  },
  {
    route: "judge/:token",
    method: "POST",
    send: async () => {
      const { token, entry } = await judged();
      return { params: { token }, form: { photoId: String(entry.photoId), score: "7", critique: "Strong light." } };
    },
    expect: everyone(200),
  },
  {
    route: "judge/:token/photos/:photoId/:size",
    method: "GET",
    send: async () => {
      const { token, entry } = await judged();
      return { params: { token, photoId: String(entry.photoId), size: "thumb" } };
    },
    expect: everyone(200),
  },
  {
    route: "judge/:token/photos/:photoId/:size",
    method: "GET",
    case: "a photo that is not an entry",
    send: async (t) => ({ params: { ...(await judgeLink()), photoId: String(t.photo.id), size: "thumb" } }),
    expect: everyone(404),
  },
  {
    route: "api/judge/:token",
    method: "GET",
    send: async () => ({ params: await judgeLink() }),
    expect: everyone(200),
  },
  {
    route: "api/judge/:token",
    method: "GET",
    case: "a link nobody holds",
    send: () => ({ params: { token: "A".repeat(43) } }),
    expect: everyone(404),
  },
  {
    route: "api/judge/:token/scores/:photoId",
    method: "PUT",
    send: async () => {
      const { token, entry } = await judged();
      return { params: { token, photoId: String(entry.photoId) }, json: { score: 12, critique: "" } };
    },
    expect: everyone(200),
  },
  {
    route: "api/judge/:token/originals.zip",
    method: "GET",
    send: async () => ({ params: await judgeLink() }),
    expect: everyone(200),
  },
];

// People and targets --------------------------------------------------------

let passwordHash: string;
let people: Record<"member" | "admin" | "deactivated", Person>;

async function insertMember(options: { isAdmin?: boolean } = {}): Promise<Person> {
  const tag = crypto.randomBytes(5).toString("hex");
  const [row] = await db()
    .insert(users)
    .values({
      username: `matrix_${tag}`,
      firstName: "Matrix",
      lastName: `Member${tag}`,
      email: `matrix_${tag}@example.com`,
      passwordHash,
      isAdmin: options.isAdmin ?? false,
    })
    .returning();
  return { id: row!.id, username: row!.username, cookie: cookieHeaderFrom(await createSession(row!.id)) };
}

/** Each cell's own targets, made many cells' worth at a time (support/matrix-targets.ts). */
const freshTargets = targetStock(() => ({ passwordHash, ...people, featuredYear: LAST_YEAR }));

/** A fresh session for each cell, so a cell that logs out ends nobody else's. */
async function cookieOf(role: Role, targets: Targets): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  if (role === "owner") return targets.owner.cookie;
  return cookieHeaderFrom(await createSession(people[role].id));
}

async function requestFor(row: Row, role: Role, targets: Targets) {
  const send = (await row.send?.(targets)) ?? {};
  const params = send.params ?? {};
  const path =
    "/" +
    row.route
      .split("/")
      .map((part) =>
        part.startsWith(":") ? (params[part.replace(/^:|\?$/g, "")] ?? "") : part === "*" ? params["*"] : part,
      )
      .filter((part) => part !== "")
      .join("/");
  const headers = new Headers();
  const cookie = await cookieOf(role, targets);
  if (cookie) headers.set("Cookie", cookie);
  let body: string | undefined;
  if (send.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(send.json);
  } else if (send.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(send.form).toString();
  }
  const url = `http://localhost${path}${send.query ? `?${send.query}` : ""}`;
  return { request: new Request(url, { method: row.method, headers, body }), params };
}

function describeAnswer(response: Response): Expected {
  const location = response.headers.get("Location");
  return location ? `${response.status} ${location}` : response.status;
}

function matches(expected: Expected, response: Response): boolean {
  if (typeof expected === "number") return response.status === expected;
  const [status, location] = expected.split(" ");
  return response.status === Number(status) && (response.headers.get("Location") ?? "").startsWith(location!);
}

async function answer(row: Row, role: Role): Promise<Response> {
  const route = leafRoutes().find((leaf) => leaf.path === row.route);
  if (!route) throw new Error(`No route ${row.route} in app/routes.ts`);
  const module = await loadRouteModule(route);
  const handler = row.method === "GET" ? module.loader : module.action;
  const { request, params } = await requestFor(row, role, await freshTargets());
  // Each cell comes from its own address, so log-in throttling counts no cell against another.
  return runWithRequestFacts({ clientAddress: `192.0.2.${++cellNumber % 250}:${cellNumber}` }, () =>
    call(handler, request, params),
  );
}

// The rows against the route table -------------------------------------------

let cellNumber = 0;

const STATE_CHANGING: Method[] = ["POST", "PUT", "PATCH", "DELETE"];

/**
 * The methods a route answers. A page: GET for a loader, POST for an action
 * (what its forms send). A resource route of the API or of uploads: each method
 * its loader or action does not answer with 405, probed as an admin on ids
 * that name nothing, so no probe changes anything.
 */
async function methodsOf(route: LeafRoute): Promise<Method[]> {
  const module = await loadRouteModule(route);
  if (!/^(api|uploads)\//.test(route.path)) {
    return [...(module.loader ? (["GET"] as const) : []), ...(module.action ? (["POST"] as const) : [])];
  }
  const params = Object.fromEntries(
    route.path
      .split("/")
      .filter((part) => part.startsWith(":") || part === "*")
      .map((part) => [part === "*" ? "*" : part.replace(/^:|\?$/g, ""), NO_SUCH_ID]),
  );
  const methods: Method[] = [];
  for (const method of ["GET", ...STATE_CHANGING] as Method[]) {
    const handler = method === "GET" ? module.loader : module.action;
    if (!handler) continue;
    const request = new Request("http://localhost/probe", {
      method,
      headers: { Cookie: (await cookieOf("admin", undefined as never))!, "Content-Type": "application/json" },
      body: method === "GET" || method === "DELETE" ? undefined : "{}",
    });
    if ((await call(handler, request, params)).status !== 405) methods.push(method);
  }
  return methods;
}

beforeAll(async () => {
  passwordHash = await hashPassword(TEST_PASSWORD);
  const [member, admin, deactivated] = await Promise.all([
    insertMember(),
    insertMember({ isAdmin: true }),
    insertMember(),
  ]);
  await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id));
  people = { member, admin, deactivated };
});

// New comments e-mail the photo's owner after answering: let those finish before the database closes.
afterAll(() => commentNotificationsSettled());

describe("the authorization matrix", () => {
  it("has rows for every route and method in the route table, and none for routes that do not exist", async () => {
    const missing: string[] = [];
    for (const route of leafRoutes()) {
      for (const method of await methodsOf(route)) {
        if (!ROWS.some((row) => row.route === route.path && row.method === method))
          missing.push(`${method} /${route.path}`);
      }
    }
    const unknown = ROWS.filter((row) => !leafRoutes().some((leaf) => leaf.path === row.route)).map((row) => row.route);
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
  });

  const cells = ROWS.flatMap((row) => ROLES.map((role) => [row, role] as const));
  it.each(
    cells.map(([row, role]) => [`${row.method} /${row.route}${row.case ? ` (${row.case})` : ""}`, role, row] as const),
  )("%s as %s", async (_name, role, row) => {
    const response = await answer(row, role);
    if (process.env.RECORD_MATRIX) {
      console.log(`MATRIX ${row.method} /${row.route} ${role} -> ${describeAnswer(response)}`);
      return;
    }
    expect(matches(row.expect[role], response), `got ${describeAnswer(response)}`).toBe(true);
  });
});

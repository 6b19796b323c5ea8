// The hidden-name check, generated from the route table as
// the authorization matrix is: every page and /api route that answers GET is
// asked, as a member who is not the photo's owner and as an admin, while a
// photo of the owner's sits in an anonymous meeting not yet revealed. No
// answer may hold both something of that photo (its caption, its thumbnail's
// version, the owner's comment on it) and something of its owner (last name,
// username, picture address), nor a photo or comment object linking the photo
// to the owner's id. So the owner's gallery may name them but not hold the
// photo, and the meeting may hold the photo but not name them.
//
// A route whose parameters this test cannot fill is listed in UNFILLED with
// the reason; a new route with a parameter of a new name fails here until it
// is filled or listed.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { comments, photos, users } from "@db/schema";
import { runWithRequestFacts } from "~/base/request-context.server";
import { calendarFeedUrl } from "~/services/meetings/calendar.server";
import { mediaVersion } from "~/services/photos/json.server";
import { insertMeeting, insertTemplate, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";
import { featureDirectly, insertPhoto, rateDirectly } from "../support/photos";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { leafRoutes, loadRouteModule, type LeafRoute } from "../support/route-table";
import { call } from "../support/routes";

/** Routes left out, and why. */
const UNFILLED: Record<string, string> = {
  "setup/:token": "a visitor's one-time setup token: nothing of photos or meetings",
  "passwords/reset/:token": "a visitor's one-time reset token: nothing of photos or meetings",
  "api/passwords/:token": "a visitor's one-time reset token: nothing of photos or meetings",
  "invites/:inviteId": "an invite names its invitee only",
  "api/invites/:inviteId": "an invite names its invitee only",
  "api/invites/:inviteId/accept": "an invite names its invitee only (and answers GET with 405)",
  "api/invites/:inviteId/resend": "an invite names its invitee only (and answers GET with 405)",
  "uploads/:token": "an upload's one-time token: bytes go in, nothing comes out",
  "media/pictures/:assetId/:size": "image bytes; derived images carry no metadata (security-image-metadata.test.ts)",
  "media/photos/:photoId/:size": "image bytes; derived images carry no metadata (security-image-metadata.test.ts)",
  "media/comments/:commentId/crop": "image bytes cut from the derived large size, which carries no metadata",
  "judge/:token/photos/:photoId/:size": "image bytes of an entry, without Last-Modified (competitions-judging.test.ts)",
  "api/judge/:token/originals.zip": "originals named by category, number and title (competitions-judging.test.ts)",
  "api/meetings/:meetingId/originals.zip":
    "originals named by category, number and title (competitions-judging.test.ts)",
};

type Scene = {
  owner: { id: number; username: string; lastName: string };
  photoId: number;
  meetingId: number;
  templateId: number;
  commentId: number;
  submissionId: number;
  year: number;
  /** Strings that only something of the hidden photo holds. */
  photoMarks: string[];
  /** Strings that only something of its owner holds. */
  ownerMarks: string[];
  viewers: { name: string; id: number; cookie: string }[];
  /** A judge's link to a competition the owner entered with a photo of the same caption. */
  judgeToken: string;
};

let scene: Scene;

beforeAll(async () => {
  const tag = crypto.randomBytes(4).toString("hex");
  const owner = await makeMember({ firstName: "Secret" });
  const other = await makeMember();
  const admin = await makeMember({ isAdmin: true });
  const picture = await insertPhoto(owner.id);
  await db().update(users).set({ pictureAssetId: picture.originalAssetId }).where(eq(users.id, owner.id));
  const meeting = await insertMeeting({ anonymous: true });
  const photo = await insertPhoto(owner.id, {
    caption: `Caption ${tag}`,
    metadata: { exif: { Model: { value: `Camera ${tag}`, description: `Camera ${tag}` } } },
  });
  await db()
    .update(photos)
    .set({ filename: `file-${tag}.jpg` })
    .where(eq(photos.id, photo.id));
  const submission = await submitDirectly(meeting.id, photo, 1);
  await submitDirectly(meeting.id, await insertPhoto(other.id), 1);
  const year = new Date().getFullYear();
  await featureDirectly(photo, year, 1);
  await rateDirectly(photo.id, owner.id, 5);
  await rateDirectly(photo.id, other.id, 4);
  const [comment] = await db()
    .insert(comments)
    .values({ photoId: photo.id, userId: owner.id, body: `Said ${tag}` })
    .returning();
  await db()
    .insert(comments)
    .values({ photoId: photo.id, userId: other.id, body: `Asked ${tag}` });
  const template = await insertTemplate({ anonymous: true });
  const competition = await insertCompetition();
  const entry = await insertPhoto(owner.id, { caption: `Caption ${tag}`, width: 2000, height: 1500 });
  await enterDirectly(competition.meeting.id, competition.categories[0]!.id, entry);
  const { token: judgeToken } = await insertJudge(competition.meeting.id);
  scene = {
    judgeToken,
    owner,
    photoId: photo.id,
    meetingId: meeting.id,
    templateId: template.id,
    commentId: comment!.id,
    submissionId: submission.id,
    year,
    photoMarks: [`Caption ${tag}`, `Said ${tag}`, mediaVersion(photo.thumbKey!)],
    ownerMarks: [
      owner.lastName,
      owner.username,
      `/media/pictures/${picture.originalAssetId}/`,
      `file-${tag}`,
      `Camera ${tag}`,
    ],
    viewers: [
      { name: "a member", id: other.id, cookie: await cookieFor(other.id) },
      { name: "an admin", id: admin.id, cookie: await cookieFor(admin.id) },
    ],
  };
});

/** Each way to fill a route's parameters (an optional photo id: without it, and with the hidden photo). */
async function fillings(route: LeafRoute, viewerId: number): Promise<Record<string, string>[] | null> {
  const names = route.path
    .split("/")
    .filter((part) => part.startsWith(":") || part === "*")
    .map((part) => (part === "*" ? "*" : part.replace(/^:|\?$/g, "")));
  const values: Record<string, string[]> = {
    photoId: route.path.includes(":photoId?") ? ["", String(scene.photoId)] : [String(scene.photoId)],
    meetingId: [String(scene.meetingId)],
    username: [scene.owner.username],
    // A year it is not featured in too: a gallery follows a photo to where it lives (an oracle, were it followed).
    year: [String(scene.year), "all", String(scene.year - 1)],
    userId: [String(scene.owner.id)],
    commentId: [String(scene.commentId)],
    templateId: [String(scene.templateId)],
    submissionId: [String(scene.submissionId)],
    feed: [(await calendarFeedUrl({ id: viewerId })).split("/").pop()!],
    token: [scene.judgeToken],
    "*": ["nothing-here"],
  };
  let filled: Record<string, string>[] = [{}];
  for (const name of names) {
    const choices = values[name];
    if (!choices) return null;
    filled = filled.flatMap((params) => choices.map((value) => ({ ...params, [name]: value })));
  }
  return filled;
}

function pathOf(route: LeafRoute, params: Record<string, string>): string {
  const parts = route.path
    .split("/")
    .map((part) => (part === "*" ? params["*"]! : part.startsWith(":") ? params[part.replace(/^:|\?$/g, "")]! : part));
  return "/" + parts.filter((part) => part !== "").join("/");
}

/** Photo and comment objects in an answer that tie the hidden photo to its owner's id. */
function linksToOwner(value: unknown, found: string[] = [], at = "$"): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => linksToOwner(item, found, `${at}[${i}]`));
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    const user = o.User as { id?: unknown } | null | undefined;
    const byOwner = o.UserId === scene.owner.id || o.userId === scene.owner.id || user?.id === scene.owner.id;
    const ofPhoto = o.id === scene.photoId || o.PhotoId === scene.photoId || o.photoId === scene.photoId;
    if (byOwner && ofPhoto) found.push(at);
    for (const [key, child] of Object.entries(o)) linksToOwner(child, found, `${at}.${key}`);
  }
  return found;
}

const readRoutes = async () => {
  const routes: LeafRoute[] = [];
  for (const route of leafRoutes()) {
    if (route.path in UNFILLED) continue;
    const module = await loadRouteModule(route);
    if (module.loader) routes.push(route);
  }
  return routes;
};

describe("no answer names the author of a photo in an unrevealed anonymous meeting", () => {
  it("lists only routes that exist in UNFILLED", () => {
    const paths = new Set(leafRoutes().map((route) => route.path));
    expect(Object.keys(UNFILLED).filter((path) => !paths.has(path))).toEqual([]);
  });

  it("fills every route that answers GET, or says why not", async () => {
    const unfilled: string[] = [];
    for (const route of await readRoutes()) {
      if (!(await fillings(route, scene.viewers[0]!.id))) unfilled.push(route.path);
    }
    expect(unfilled).toEqual([]);
  });

  it("keeps the photo and its owner apart in every page's data and every /api answer, for a member and an admin", async () => {
    const leaks: string[] = [];
    let asked = 0;
    let sawPhoto = 0;
    for (const route of await readRoutes()) {
      const module = await loadRouteModule(route);
      for (const viewer of scene.viewers) {
        for (const params of (await fillings(route, viewer.id)) ?? []) {
          const path = pathOf(route, params);
          const request = new Request(`http://localhost${path}`, { headers: { Cookie: viewer.cookie } });
          const response = await runWithRequestFacts({ clientAddress: "192.0.2.77:1" }, () =>
            call(module.loader, request, params),
          );
          asked++;
          // A redirect to the photo in its owner's gallery would say whose it is.
          const location = response.headers.get("Location") ?? "";
          if (location.includes(`/members/${scene.owner.username}/`) && location.endsWith(`/${scene.photoId}`)) {
            leaks.push(`${path} as ${viewer.name}: redirected to ${location}`);
          }
          const body = await response.text();
          const photoMarks = scene.photoMarks.filter((mark) => body.includes(mark));
          if (photoMarks.length === 0) continue;
          sawPhoto++;
          const ownerMarks = scene.ownerMarks.filter((mark) => body.includes(mark));
          if (ownerMarks.length) leaks.push(`${path} as ${viewer.name}: ${photoMarks} beside ${ownerMarks}`);
          let json: unknown = null;
          try {
            json = JSON.parse(body);
          } catch {
            // Not JSON (a calendar file): its text was checked above.
          }
          const links = linksToOwner(json);
          if (links.length) leaks.push(`${path} as ${viewer.name}: the photo tied to its owner's id at ${links}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The check saw the photo somewhere (the meeting, the photo's own page and API), or it proved nothing.
    expect(asked).toBeGreaterThan(40);
    expect(sawPhoto).toBeGreaterThan(4);
  });
});

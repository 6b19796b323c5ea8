// The comments API per role (visitor, member, author, photo owner, admin):
// the list with its paging, writing, editing and deleting, the refusals with
// nothing written, the photo's own comments for its JSON, and the events each
// write publishes.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { comments, users } from "@db/schema";
import { env } from "~/env.server";
import { action as commentsAction, loader as commentsLoader } from "~/routes/api/comments";
import { action as commentAction, loader as commentLoader } from "~/routes/api/comments.comment";
import { NotLoggedInError } from "~/services/errors.server";
import { subscribe, type ClubEvents } from "~/services/events.server";
import { PAGE_SIZE } from "~/services/photos/queries.server";
import { commentNotificationsSettled } from "~/services/ratings/comment-notifications.server";
import { commentsOfPhoto, type CommentJson } from "~/services/ratings/comments.server";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { deleteRowsById } from "../support/rows";
import { call } from "../support/routes";
import { useMailCatcher } from "../support/club-mail";

// New comments e-mail photo owners: they go to a real SMTP server on loopback, not to disk.
useMailCatcher();
afterAll(async () => {
  await commentNotificationsSettled();
});

const list = (query: string, cookie?: string) => call(commentsLoader, request(`/api/comments${query}`, { cookie }));
const post = (json: unknown, cookie?: string) =>
  call(commentsAction, request("/api/comments", { method: "POST", json, cookie }));
const patch = (id: number | string, json: unknown, cookie?: string) =>
  call(commentAction, request(`/api/comments/${id}`, { method: "PATCH", json, cookie }), { commentId: String(id) });
const remove = (id: number | string, cookie?: string) =>
  call(commentAction, request(`/api/comments/${id}`, { method: "DELETE", cookie }), { commentId: String(id) });

async function commentRow(id: number) {
  const [row] = await db().select().from(comments).where(eq(comments.id, id));
  return row;
}

async function commentsBy(userId: number) {
  return db().select().from(comments).where(eq(comments.userId, userId));
}

/** A photo with its owner, a member who comments on it (the author), another member and an admin. */
async function club() {
  const owner = await makeMember({ firstName: "Olive" });
  const author = await makeMember({ firstName: "Ansel" });
  const member = await makeMember({ firstName: "Max" });
  const admin = await makeMember({ firstName: "Ada", isAdmin: true });
  const photo = await insertPhoto(owner.id, { caption: "Market street" });
  const [ownerCookie, authorCookie, memberCookie, adminCookie] = await Promise.all(
    [owner, author, member, admin].map((person) => cookieFor(person.id)),
  );
  return { owner, author, member, admin, photo, ownerCookie, authorCookie, memberCookie, adminCookie };
}

type Club = Awaited<ReturnType<typeof club>>;

async function commentAs(c: Club, body = "Lovely light.") {
  const response = await post({ PhotoId: c.photo.id, body }, c.authorCookie);
  expect(response.status).toBe(201);
  return (await response.json()) as CommentJson;
}

describe("visitors", () => {
  it("are asked to log in on every call, and nothing is written", async () => {
    const c = await club();
    const comment = await commentAs(c);
    expect((await list("")).status).toBe(401);
    expect((await post({ PhotoId: c.photo.id, body: "Hello" })).status).toBe(401);
    expect((await patch(comment.id, { body: "Changed" })).status).toBe(401);
    expect((await remove(comment.id)).status).toBe(401);
    expect((await commentRow(comment.id))!.body).toBe("Lovely light.");
    await expect(commentsOfPhoto(null, c.photo.id)).rejects.toBeInstanceOf(NotLoggedInError);
  });
});

describe("POST /api/comments", () => {
  it("adds the member's comment, trimmed, and answers it with its User and Photo (201)", async () => {
    const c = await club();
    const response = await post({ PhotoId: c.photo.id, body: "  Lovely light.\n" }, c.authorCookie);
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const comment = (await response.json()) as CommentJson;
    expect(comment).toEqual({
      id: expect.any(Number),
      body: "Lovely light.",
      PhotoId: c.photo.id,
      UserId: c.author.id,
      User: {
        id: c.author.id,
        firstName: "Ansel",
        lastName: c.author.lastName,
        username: c.author.username,
        pictureThumbUrl: null,
      },
      createdAt: expect.any(String),
      updatedAt: comment.createdAt,
      crop: null,
      cropUrl: null,
      Photo: {
        id: c.photo.id,
        caption: "Market street",
        thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${c.photo.id}/thumb\\?v=[\\w-]{12}$`)),
        UserId: c.owner.id,
        User: { id: c.owner.id, firstName: "Olive", lastName: c.owner.lastName, username: c.owner.username },
      },
    });
    const row = await commentRow(comment.id);
    expect(row).toMatchObject({ photoId: c.photo.id, userId: c.author.id, body: "Lovely light." });
    expect(new Date(comment.createdAt).getTime()).toBe(row!.createdAt.getTime());
  });

  it("lets the photo's owner and an admin comment too", async () => {
    const c = await club();
    for (const cookie of [c.ownerCookie, c.adminCookie]) {
      expect((await post({ PhotoId: c.photo.id, body: "Thanks!" }, cookie)).status).toBe(201);
    }
    expect(await commentsBy(c.owner.id)).toHaveLength(1);
    expect(await commentsBy(c.admin.id)).toHaveLength(1);
  });

  it("stores HTML and script as the text they are and answers them as JSON, never as markup", async () => {
    const c = await club();
    const body = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>`;
    const response = await post({ PhotoId: c.photo.id, body }, c.authorCookie);
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const comment = (await response.json()) as CommentJson;
    expect(comment.body).toBe(body);
    expect((await commentRow(comment.id))!.body).toBe(body);
  });

  it("answers 404 for a photo that does not exist, and writes nothing", async () => {
    const c = await club();
    const response = await post({ PhotoId: 2147483000, body: "Hello" }, c.authorCookie);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Photo not found." });
    expect(await commentsBy(c.author.id)).toEqual([]);
  });

  it("refuses bad bodies with 422 naming the field, and writes nothing", async () => {
    const c = await club();
    const cases: [unknown, string][] = [
      [{ PhotoId: c.photo.id, body: "" }, "body"],
      [{ PhotoId: c.photo.id, body: " \n\t " }, "body"],
      [{ PhotoId: c.photo.id, body: "x".repeat(5001) }, "body"],
      [{ PhotoId: c.photo.id, body: 42 }, "body"],
      [{ PhotoId: c.photo.id, body: ["text"] }, "body"],
      [{ PhotoId: c.photo.id }, "body"],
      [{ PhotoId: "abc", body: "Hello" }, "PhotoId"],
      [{ PhotoId: 0, body: "Hello" }, "PhotoId"],
      [{ PhotoId: 2 ** 31, body: "Hello" }, "PhotoId"],
      [{ body: "Hello" }, "PhotoId"],
    ];
    for (const [json, field] of cases) {
      const response = await post(json, c.authorCookie);
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      const body = (await response.json()) as { errors: { path: string; message: string }[] };
      expect(body.errors.map((error) => error.path)).toEqual([field]);
    }
    expect((await post({ PhotoId: c.photo.id, body: "x".repeat(5000) }, c.authorCookie)).status).toBe(201);
    expect(await commentsBy(c.author.id)).toHaveLength(1);
  });

  it("refuses a body that is not JSON (415) and a comment sent from another site (403)", async () => {
    const c = await club();
    const form = await call(
      commentsAction,
      request("/api/comments", {
        method: "POST",
        cookie: c.authorCookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `PhotoId=${c.photo.id}&body=Hi`,
      }),
    );
    expect(form.status).toBe(415);
    const crossSite = await call(
      commentsAction,
      request("/api/comments", {
        method: "POST",
        json: { PhotoId: c.photo.id, body: "Hi" },
        cookie: c.authorCookie,
        headers: { Origin: "https://elsewhere.example" },
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await commentsBy(c.author.id)).toEqual([]);
  });
});

describe("PATCH /api/comments/{id}", () => {
  it("lets the author change the body, trimmed, and marks the comment edited", async () => {
    const c = await club();
    const comment = await commentAs(c);
    await db()
      .update(comments)
      .set({ createdAt: sql`now() - interval '1 hour'`, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(comments.id, comment.id));
    const response = await patch(comment.id, { body: "  Lovely light, and the shadow.  " }, c.authorCookie);
    expect(response.status).toBe(200);
    const edited = (await response.json()) as CommentJson;
    expect(edited).toMatchObject({ id: comment.id, body: "Lovely light, and the shadow.", UserId: c.author.id });
    expect(edited.Photo?.id).toBe(c.photo.id);
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThan(new Date(edited.createdAt).getTime());
    expect((await commentRow(comment.id))!.body).toBe("Lovely light, and the shadow.");
  });

  it("leaves a comment unedited when the body is the same", async () => {
    const c = await club();
    const comment = await commentAs(c);
    const response = await patch(comment.id, { body: " Lovely light. " }, c.authorCookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as CommentJson).updatedAt).toBe(comment.updatedAt);
  });

  it("refuses anyone but the author (403): another member, the photo's owner, an admin", async () => {
    const c = await club();
    const comment = await commentAs(c);
    for (const cookie of [c.memberCookie, c.ownerCookie, c.adminCookie]) {
      const response = await patch(comment.id, { body: "Changed" }, cookie);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You may only edit your own comments." });
    }
    expect((await commentRow(comment.id))!.body).toBe("Lovely light.");
  });

  it("answers 404 for a comment that does not exist, 422 for a bad body, 405 for GET", async () => {
    const c = await club();
    const comment = await commentAs(c);
    expect((await patch(2147483000, { body: "Changed" }, c.authorCookie)).status).toBe(404);
    expect((await patch("x1", { body: "Changed" }, c.authorCookie)).status).toBe(404);
    for (const json of [{ body: "" }, { body: 7 }, {}, { body: "y".repeat(5001) }]) {
      const response = await patch(comment.id, json, c.authorCookie);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("body");
    }
    expect((await commentRow(comment.id))!.body).toBe("Lovely light.");
    const get = await call(commentLoader, request(`/api/comments/${comment.id}`, { cookie: c.authorCookie }), {
      commentId: String(comment.id),
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PATCH, DELETE");
  });
});

describe("DELETE /api/comments/{id}", () => {
  it("refuses another member and the photo's owner (403), and deletes nothing", async () => {
    const c = await club();
    const comment = await commentAs(c);
    for (const cookie of [c.memberCookie, c.ownerCookie]) {
      const response = await remove(comment.id, cookie);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You may only delete your own comments." });
    }
    expect(await commentRow(comment.id)).toBeDefined();
  });

  it("lets the author delete their comment (204), then it is gone (404)", async () => {
    const c = await club();
    const comment = await commentAs(c);
    const response = await remove(comment.id, c.authorCookie);
    expect(response.status).toBe(204);
    expect(await commentRow(comment.id)).toBeUndefined();
    expect((await remove(comment.id, c.authorCookie)).status).toBe(404);
    expect((await patch(comment.id, { body: "Back?" }, c.authorCookie)).status).toBe(404);
  });

  it("lets an admin delete anyone's comment (moderation)", async () => {
    const c = await club();
    const comment = await commentAs(c);
    expect((await remove(comment.id, c.adminCookie)).status).toBe(204);
    expect(await commentRow(comment.id)).toBeUndefined();
  });
});

describe("commentsOfPhoto (the photo's Comments)", () => {
  it("lists a photo's comments oldest first, each with its User and picture, without the Photo", async () => {
    const c = await club();
    const other = await insertPhoto(c.owner.id);
    const [firstRow] = await db()
      .insert(comments)
      .values({ photoId: c.photo.id, userId: c.member.id, body: "First", createdAt: new Date("2024-01-02T00:00:00Z") })
      .returning();
    await db().insert(comments).values({ photoId: other.id, userId: c.member.id, body: "Elsewhere" });
    const second = await commentAs(c, "Second");
    await db().update(users).set({ pictureAssetId: null }).where(eq(users.id, c.member.id));

    const listed = await commentsOfPhoto(c.member, c.photo.id);
    expect(listed.map((comment) => comment.body)).toEqual(["First", "Second"]);
    expect(listed[0]).toEqual({
      id: firstRow!.id,
      body: "First",
      PhotoId: c.photo.id,
      UserId: c.member.id,
      User: {
        id: c.member.id,
        firstName: "Max",
        lastName: c.member.lastName,
        username: c.member.username,
        pictureThumbUrl: null,
      },
      createdAt: "2024-01-02T00:00:00.000Z",
      updatedAt: firstRow!.updatedAt.toISOString(),
      crop: null,
      cropUrl: null,
    });
    expect(listed[1]!.id).toBe(second.id);
    expect(listed[1]).not.toHaveProperty("Photo");
    expect(await commentsOfPhoto(c.member, 2147483000)).toEqual([]);
  });

  it("gives the author's picture thumbnail when they have one", async () => {
    const c = await club();
    const picture = await insertPhoto(c.author.id);
    await db().update(users).set({ pictureAssetId: picture.originalAssetId }).where(eq(users.id, c.author.id));
    await commentAs(c);
    const [comment] = await commentsOfPhoto(c.owner, c.photo.id);
    expect(comment!.User!.pictureThumbUrl).toBe(`/media/pictures/${picture.originalAssetId}/thumb`);
  });
});

describe("GET /api/comments", () => {
  it("lists comments newest first with User and Photo, a Link header and the total", async () => {
    const c = await club();
    // Far in the future, so they head the list whatever other suites write meanwhile.
    const future = (minute: number) => new Date(Date.UTC(2999, 0, 1, 0, minute));
    const made = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await db()
        .insert(comments)
        .values({ photoId: c.photo.id, userId: c.author.id, body: `Future ${i}`, createdAt: future(i) })
        .returning();
      made.push(row!);
    }
    const response = await list("", c.memberCookie);
    expect(response.status).toBe(200);
    const page = (await response.json()) as CommentJson[];
    expect(page.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(page.slice(0, 3).map((comment) => comment.body)).toEqual(["Future 2", "Future 1", "Future 0"]);
    expect(page[0]).toMatchObject({
      User: { id: c.author.id, username: c.author.username },
      Photo: {
        id: c.photo.id,
        thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${c.photo.id}/thumb\\?v=[\\w-]{12}$`)),
        User: { id: c.owner.id },
      },
    });
    const link = response.headers.get("Link")!;
    expect(link).toContain(`<${env().BASE_URL}/api/comments?page=1>; rel="first"`);
    expect(link).toMatch(/rel="last"/);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(3);
    // Out of the way of the other suites' lists.
    await deleteRowsById(comments, made);
  });

  it("walks every page, from either end of the index, to the same list the database orders", async () => {
    const c = await club();
    // Enough comments for several pages, with ties in created_at (broken by the newest id).
    await db()
      .insert(comments)
      .values(
        Array.from({ length: 2 * PAGE_SIZE + 5 }, (_, i) => ({
          photoId: c.photo.id,
          userId: c.member.id,
          body: `Walk ${i}`,
          createdAt: new Date(Date.UTC(2001, 0, 1 + (i % 9))),
        })),
      );
    // Other suites write comments meanwhile: walk again until no one did during a walk.
    for (let attempt = 0; ; attempt++) {
      const expected = (
        await db().select({ id: comments.id }).from(comments).orderBy(desc(comments.createdAt), desc(comments.id))
      ).map((row) => row.id);
      const first = await list("?page=1", c.memberCookie);
      const last = Number(/[?&]page=(\d+)>; rel="last"/.exec(first.headers.get("Link")!)![1]);
      const walked = ((await first.json()) as CommentJson[]).map((comment) => comment.id);
      for (let page = 2; page <= last; page++) {
        const response = await list(`?page=${page}`, c.memberCookie);
        walked.push(...((await response.json()) as CommentJson[]).map((comment) => comment.id));
      }
      const [{ n }] = (await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)) as [{ n: number }];
      if (n !== expected.length && attempt < 5) continue;
      expect(last).toBe(Math.ceil(expected.length / PAGE_SIZE));
      expect(walked).toEqual(expected);
      break;
    }
    const beyond = await list("?page=100000", c.memberCookie);
    expect(beyond.status).toBe(200);
    expect(await beyond.json()).toEqual([]);
  });

  it("refuses a page that is not a whole number of 1 or more (422)", async () => {
    const c = await club();
    for (const page of ["0", "-1", "two", "1.5"]) {
      const response = await list(`?page=${page}`, c.memberCookie);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("page");
    }
  });
});

describe("events", () => {
  it("publishes each write after it is committed, with the photo and the comment", async () => {
    const c = await club();
    const seen: { name: keyof ClubEvents; event: unknown }[] = [];
    const stops = (["comment.created", "comment.updated", "comment.deleted"] as const).map((name) =>
      subscribe(name, (event) => {
        if (event.photoId === c.photo.id) seen.push({ name, event });
      }),
    );
    try {
      const comment = await commentAs(c);
      await patch(comment.id, { body: "Changed" }, c.authorCookie);
      await patch(comment.id, { body: "Changed" }, c.authorCookie); // the same body: no event
      await patch(comment.id, { body: "Not mine" }, c.memberCookie); // refused: no event
      await remove(comment.id, c.memberCookie); // refused: no event
      await remove(comment.id, c.adminCookie);
      expect(seen).toEqual([
        { name: "comment.created", event: { photoId: c.photo.id, comment } },
        {
          name: "comment.updated",
          event: { photoId: c.photo.id, comment: expect.objectContaining({ id: comment.id, body: "Changed" }) },
        },
        { name: "comment.deleted", event: { photoId: c.photo.id, commentId: comment.id } },
      ]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});

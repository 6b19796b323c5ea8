// Ratings and comments on the screens: the photo forms' intents
// (rate, comment, edit-comment, delete-comment) for each role, with and without
// JavaScript (a plain post names a returnTo and is sent back there); the photo
// detail's comments and the member's own rating; /comments and
// /comments/{photoId}; GET /api/photos/{id}'s Comments; and the profile's
// comment e-mail checkbox.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { comments, photos, ratings, users } from "@db/schema";
import { action as userApi, loader as userApiLoader } from "~/routes/api/users.user";
import { action as browseAction, loader as browseLoader } from "~/routes/browse";
import { action as commentsAction, loader as commentsLoader } from "~/routes/comments";
import { loader as photoApi } from "~/routes/api/photos.photo";
import { action as galleryAction, loader as galleryLoader } from "~/routes/members/gallery";
import { action as editProfileAction, loader as editProfileLoader } from "~/routes/members/edit";
import { PAGE_SIZE } from "~/services/photos/queries.server";
import { cookieFor, formRequest, makeMember, memberAndOther, request, withCookies } from "../support/members";
import { featureDirectly, insertPhoto, rateDirectly } from "../support/photos";
import { call } from "../support/routes";

const form = (fields: Record<string, string>, cookie?: string, path = "/browse") => formRequest(path, fields, cookie);

async function club() {
  const owner = await makeMember({ firstName: "Olive" });
  const member = await makeMember({ firstName: "Max" });
  const author = await makeMember({ firstName: "Ann" });
  const admin = await makeMember({ isAdmin: true, firstName: "Ada" });
  const photo = await insertPhoto(owner.id, { caption: "Tram at dusk" });
  return { photo, ...(await withCookies({ owner, member, author, admin })) };
}

type Club = Awaited<ReturnType<typeof club>>;

async function commentBy(c: Club, cookie: string, body: string, path = "/browse") {
  const response = await call(
    browseAction,
    form({ intent: "comment", photoId: String(c.photo.id), body }, cookie, path),
  );
  expect(response.status).toBe(200);
  return (await response.json()).comment as { id: number; body: string; updatedAt: string };
}

const commentRow = async (id: number) => (await db().select().from(comments).where(eq(comments.id, id)))[0];
const ratingRows = (photoId: number) =>
  db().select({ userId: ratings.userId, value: ratings.value }).from(ratings).where(eq(ratings.photoId, photoId));

describe("rating through the photo forms", () => {
  it("sets, changes and clears the member's rating, answering the average without the owner's own", async () => {
    const c = await club();
    await rateDirectly(c.photo.id, c.owner.id, 1);
    const rate = (value: string, cookie = c.memberCookie) =>
      call(browseAction, form({ intent: "rate", photoId: String(c.photo.id), value }, cookie));

    const first = await rate("4");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      intent: "rate",
      rating: 4,
      ratingCount: 1,
      Ratings: expect.arrayContaining([
        { UserId: c.owner.id, value: 1 },
        { UserId: c.member.id, value: 4 },
      ]),
    });
    expect(await (await rate("2", c.authorCookie)).json()).toMatchObject({ rating: 3 });
    expect(await (await rate("5")).json()).toMatchObject({ rating: 3.5 });
    // 0 clears (the star given clicked again).
    expect(await (await rate("0")).json()).toMatchObject({ rating: 2 });
    expect(await ratingRows(c.photo.id)).toEqual(
      expect.arrayContaining([
        { userId: c.owner.id, value: 1 },
        { userId: c.author.id, value: 2 },
      ]),
    );
    expect(await ratingRows(c.photo.id)).toHaveLength(2);
    const [photo] = await db().select().from(photos).where(eq(photos.id, c.photo.id));
    expect(photo).toMatchObject({ ratingAverage: 2000, ratingCount: 1 });
  });

  it("refuses a rating that is not 0 to 5 with a message for the modal, writing nothing", async () => {
    const c = await club();
    for (const value of ["6", "-1", "2.5", "four", ""]) {
      const response = await call(
        browseAction,
        form({ intent: "rate", photoId: String(c.photo.id), value }, c.memberCookie),
      );
      expect(response.status, value).toBe(422);
      expect((await response.json()).error, value).toMatch(/^Rating must be/);
    }
    expect(await ratingRows(c.photo.id)).toEqual([]);
  });

  it("answers a photo that does not exist with 404, and a visitor with the way to log in", async () => {
    const c = await club();
    const missing = await call(
      browseAction,
      form({ intent: "rate", photoId: "2147483000", value: "3" }, c.memberCookie),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Photo not found." });
    const visitor = await call(browseAction, form({ intent: "rate", photoId: String(c.photo.id), value: "3" }));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?from=/);
  });

  it("sends a post without JavaScript back to its page, and never off the site", async () => {
    const c = await club();
    const back = `/browse/${c.photo.id}?sort=createdAt#rating-${c.photo.id}`;
    const plain = await call(
      browseAction,
      form({ intent: "rate", photoId: String(c.photo.id), value: "3", returnTo: back }, c.memberCookie),
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(back);
    expect(await ratingRows(c.photo.id)).toEqual([{ userId: c.member.id, value: 3 }]);
    const away = await call(
      browseAction,
      form({ intent: "rate", photoId: String(c.photo.id), value: "2", returnTo: "//evil.example/" }, c.memberCookie),
    );
    expect(away.headers.get("Location")).toBe("/");
  });
});

describe("comments through the photo forms", () => {
  it("posts a comment, trimmed, kept as plain text, and answers it with its author", async () => {
    const c = await club();
    const comment = await commentBy(c, c.authorCookie, "  <b>Lovely</b> light\non the tram  ");
    expect(comment).toMatchObject({
      body: "<b>Lovely</b> light\non the tram",
      PhotoId: c.photo.id,
      UserId: c.author.id,
      User: { id: c.author.id, firstName: "Ann" },
    });
    expect((await commentRow(comment.id))!.body).toBe("<b>Lovely</b> light\non the tram");
  });

  it("refuses an empty or too long body and a photo that does not exist, writing nothing", async () => {
    const c = await club();
    const post = (fields: Record<string, string>) =>
      call(browseAction, form({ intent: "comment", photoId: String(c.photo.id), ...fields }, c.authorCookie));
    for (const body of ["", "  \n "]) {
      const empty = await post({ body });
      expect(empty.status).toBe(422);
      // The box's own error (field), shown under it rather than in the modal.
      expect(await empty.json()).toEqual({ error: "Body must not be empty.", field: "body" });
    }
    const long = await post({ body: "x".repeat(5001) });
    expect(long.status).toBe(422);
    expect(await long.json()).toEqual({ error: "Body must be at most 5000 characters.", field: "body" });
    const missing = await post({ body: "Hello", photoId: "2147483000" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Photo not found." });
    const malformed = await post({ body: "Hello", photoId: "abc" });
    expect(malformed.status).toBe(404);
    expect(await db().select().from(comments).where(eq(comments.photoId, c.photo.id))).toEqual([]);
  });

  it("lets only the author edit a comment; an admin may not", async () => {
    const c = await club();
    const comment = await commentBy(c, c.authorCookie, "First thought");
    const edit = (cookie: string, body = "Second thought") =>
      call(browseAction, form({ intent: "edit-comment", commentId: String(comment.id), body }, cookie));
    for (const cookie of [c.memberCookie, c.ownerCookie, c.adminCookie]) {
      const refused = await edit(cookie);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "You may only edit your own comments." });
    }
    const edited = await edit(c.authorCookie);
    expect(edited.status).toBe(200);
    const answer = await edited.json();
    expect(answer).toMatchObject({ intent: "edit-comment", comment: { id: comment.id, body: "Second thought" } });
    expect(Date.parse(answer.comment.updatedAt)).toBeGreaterThan(Date.parse(answer.comment.createdAt));
    expect((await edit(c.authorCookie, "")).status).toBe(422);
    const missing = await call(
      browseAction,
      form({ intent: "edit-comment", commentId: "2147483000", body: "x" }, c.authorCookie),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Comment not found." });
  });

  it("lets the author or an admin delete a comment, and nobody else", async () => {
    const c = await club();
    const mine = await commentBy(c, c.authorCookie, "Mine");
    const moderated = await commentBy(c, c.authorCookie, "Rude");
    const remove = (id: number, cookie: string) =>
      call(browseAction, form({ intent: "delete-comment", commentId: String(id) }, cookie));
    for (const cookie of [c.memberCookie, c.ownerCookie]) {
      const refused = await remove(mine.id, cookie);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "You may only delete your own comments." });
    }
    expect(await (await remove(mine.id, c.authorCookie)).json()).toEqual({
      intent: "delete-comment",
      commentId: mine.id,
    });
    expect(await commentRow(mine.id)).toBeUndefined();
    expect((await remove(moderated.id, c.adminCookie)).status).toBe(200);
    expect(await commentRow(moderated.id)).toBeUndefined();
    expect((await remove(moderated.id, c.adminCookie)).status).toBe(404);
  });

  it("sends the no-JavaScript forms back to the comments, from every screen with a photo detail", async () => {
    const c = await club();
    const back = `/comments/${c.photo.id}#comments`;
    const posted = await call(
      commentsAction,
      form(
        { intent: "comment", photoId: String(c.photo.id), body: "From a plain form", returnTo: back },
        c.authorCookie,
        back,
      ),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(back);
    const [row] = await db().select().from(comments).where(eq(comments.photoId, c.photo.id));
    expect(row!.body).toBe("From a plain form");

    const galleryPath = `/members/${c.owner.username}/all/${c.photo.id}?tab=comments`;
    const edited = await call(
      galleryAction,
      form(
        {
          intent: "edit-comment",
          commentId: String(row!.id),
          body: "Changed",
          returnTo: `${galleryPath}#comment-${row!.id}`,
        },
        c.authorCookie,
        galleryPath,
      ),
    );
    expect(edited.headers.get("Location")).toBe(`${galleryPath}#comment-${row!.id}`);
    const deleted = await call(
      galleryAction,
      form(
        { intent: "delete-comment", commentId: String(row!.id), returnTo: galleryPath },
        c.authorCookie,
        galleryPath,
      ),
    );
    expect(deleted.headers.get("Location")).toBe(galleryPath);
    expect(await commentRow(row!.id)).toBeUndefined();
  });
});

describe("the photo detail", () => {
  it("gives members the comments oldest first and their own rating; visitors neither", async () => {
    const c = await club();
    await featureDirectly(c.photo, new Date().getFullYear() - 1, 1);
    const first = await commentBy(c, c.authorCookie, "First");
    const second = await commentBy(c, c.memberCookie, "Second");
    await rateDirectly(c.photo.id, c.member.id, 4);

    const { detail } = await (
      await call(browseLoader, request(`/browse/${c.photo.id}`, { cookie: c.memberCookie }), {
        photoId: String(c.photo.id),
      })
    ).json();
    expect(detail.photo.Comments.map((comment: { id: number }) => comment.id)).toEqual([first.id, second.id]);
    expect(detail.photo.Comments[0]).toMatchObject({ body: "First", User: { id: c.author.id, firstName: "Ann" } });
    expect(detail.photo.Comments[0]).not.toHaveProperty("Photo");
    expect(detail.myRating).toBe(4);
    const author = await call(browseLoader, request(`/browse/${c.photo.id}`, { cookie: c.authorCookie }), {
      photoId: String(c.photo.id),
    });
    expect((await author.json()).detail.myRating).toBe(0);

    const year = String(new Date().getFullYear() - 1);
    const visitor = await call(galleryLoader, request(`/members/${c.owner.username}/${year}/${c.photo.id}`), {
      username: c.owner.username,
      year,
      photoId: String(c.photo.id),
    });
    expect(visitor.status).toBe(200);
    const seen = (await visitor.json()).detail;
    expect(seen.myRating).toBeNull();
    expect(seen.photo).not.toHaveProperty("Comments");
    expect(seen.photo).not.toHaveProperty("Ratings");
  });

  it("GET /api/photos/{id} carries Comments and Ratings for members", async () => {
    const c = await club();
    const comment = await commentBy(c, c.authorCookie, "Through the API");
    await rateDirectly(c.photo.id, c.member.id, 5);
    const response = await call(photoApi, request(`/api/photos/${c.photo.id}`, { cookie: c.memberCookie }), {
      photoId: String(c.photo.id),
    });
    const body = await response.json();
    expect(body.Comments).toEqual([expect.objectContaining({ id: comment.id, body: "Through the API" })]);
    expect(body.Ratings).toEqual([{ UserId: c.member.id, value: 5 }]);
  });
});

describe("/comments", () => {
  it("lists the club's comments newest first, each with its photo, in pages", async () => {
    const c = await club();
    // Enough for a second page even alone, long ago so they stay out of other suites' way.
    await db()
      .insert(comments)
      .values(
        Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({
          photoId: c.photo.id,
          userId: c.member.id,
          body: `Old ${i}`,
          createdAt: new Date(Date.UTC(2000, 0, 1, 0, i)),
        })),
      );
    // Far in the future, so it is on page 1 whatever other suites write meanwhile
    // (the comments API's suite writes a few later still, in the year 2999).
    const [newest] = await db()
      .insert(comments)
      .values({ photoId: c.photo.id, userId: c.author.id, body: "Newest", createdAt: new Date(Date.UTC(2997, 0, 1)) })
      .returning();

    const response = await call(commentsLoader, request("/comments", { cookie: c.memberCookie }));
    expect(response.status).toBe(200);
    const { feed, detail } = await response.json();
    expect(detail).toBeNull();
    expect(feed.page).toBe(1);
    expect(feed.comments).toHaveLength(PAGE_SIZE);
    const times = feed.comments.map((comment: { createdAt: string }) => Date.parse(comment.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(feed.comments.find((comment: { id: number }) => comment.id === newest!.id)).toMatchObject({
      body: "Newest",
      User: { id: c.author.id, firstName: "Ann" },
      Photo: {
        id: c.photo.id,
        caption: "Tram at dusk",
        thumbUrl: expect.stringMatching(new RegExp(`^/media/photos/${c.photo.id}/thumb\\?v=[\\w-]{12}$`)),
        User: { id: c.owner.id },
      },
    });

    const second = await (await call(commentsLoader, request("/comments?page=2", { cookie: c.memberCookie }))).json();
    expect(second.feed.page).toBe(2);
    expect(Date.parse(second.feed.comments[0].createdAt)).toBeLessThanOrEqual(times.at(-1));
    // A page that is not a number is the first.
    const odd = await (await call(commentsLoader, request("/comments?page=x", { cookie: c.memberCookie }))).json();
    expect(odd.feed.page).toBe(1);
  });

  it("opens a photo in place of the list, moving photo by photo in the order of their latest comment", async () => {
    const owner = await makeMember();
    const cookie = await cookieFor(owner.id);
    const [older, middle, newest, quiet] = [
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
      await insertPhoto(owner.id),
    ];
    // Far in the future, so no other suite's comment lands between them.
    const at = (minute: number) => new Date(Date.UTC(2998, 5, 1, 0, minute));
    const commentOn = (photoId: number, minute: number) =>
      db()
        .insert(comments)
        .values({ photoId, userId: owner.id, body: "x", createdAt: at(minute), updatedAt: at(minute) });
    await commentOn(older.id, 1);
    await commentOn(middle.id, 2);
    await commentOn(older.id, 3); // older's latest is now after middle's
    await commentOn(newest.id, 4);
    await commentOn(middle.id, 5); // and middle's after newest's
    // The list's photo order by latest comment: middle (5), newest (4), older (3).
    const open = async (photoId: number) => {
      const response = await call(commentsLoader, request(`/comments/${photoId}`, { cookie }), {
        photoId: String(photoId),
      });
      expect(response.status).toBe(200);
      return (await response.json()).detail;
    };
    const atNewest = await open(newest.id);
    expect(atNewest.previous).toEqual({ id: middle.id });
    expect(atNewest.next).toEqual({ id: older.id });
    expect((await open(older.id)).previous).toEqual({ id: newest.id });
    expect((await open(middle.id)).next).toEqual({ id: newest.id });
    // A photo nobody commented on still opens, with nowhere to move.
    const alone = await open(quiet.id);
    expect([alone.previous, alone.next]).toEqual([null, null]);
    expect((await call(commentsLoader, request("/comments/abc", { cookie }), { photoId: "abc" })).status).toBe(404);
    expect(
      (await call(commentsLoader, request("/comments/2147483000", { cookie }), { photoId: "2147483000" })).status,
    ).toBe(404);
  });

  it("takes the photo forms: a member comments from /comments/{photoId}", async () => {
    const c = await club();
    const path = `/comments/${c.photo.id}`;
    const response = await call(
      commentsAction,
      form({ intent: "comment", photoId: String(c.photo.id), body: "From the feed" }, c.memberCookie, path),
      { photoId: String(c.photo.id) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ intent: "comment", comment: { body: "From the feed" } });
  });
});

describe("the comment e-mails checkbox on the profile", () => {
  const profileForm = (member: { firstName: string; lastName: string; username: string; email: string }) =>
    new URLSearchParams({
      firstName: member.firstName,
      lastName: member.lastName,
      username: member.username,
      email: member.email,
      isPublic: "on",
      license: "allrightsreserved",
      picture: "",
    });
  const commentEmailsOf = async (id: number) =>
    (await db().select({ on: users.commentEmails }).from(users).where(eq(users.id, id)))[0]!.on;

  it("shows the member's choice and saves an unchecked box as off and a checked one as on", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const path = `/members/${member.username}/edit`;
    const page = await call(editProfileLoader, request(path, { cookie }), { username: member.username });
    expect((await page.json()).member.commentEmails).toBe(true);

    const off = await call(editProfileAction, request(path, { method: "POST", body: profileForm(member), cookie }), {
      username: member.username,
    });
    expect(off.status).toBe(302);
    expect(await commentEmailsOf(member.id)).toBe(false);

    const body = profileForm(member);
    body.set("commentEmails", "on");
    await call(editProfileAction, request(path, { method: "POST", body, cookie }), { username: member.username });
    expect(await commentEmailsOf(member.id)).toBe(true);
  });

  it("is in the member's own user JSON, changes through PATCH /api/users/{id}, and is nobody else's business", async () => {
    const { member, other, cookie } = await memberAndOther();
    const path = `/api/users/${member.id}`;
    const patched = await call(
      userApi,
      request(path, {
        method: "PATCH",
        cookie,
        json: { commentEmails: false },
        headers: { Origin: "http://localhost" },
      }),
      { userId: String(member.id) },
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()).commentEmails).toBe(false);
    expect(await commentEmailsOf(member.id)).toBe(false);
    const refused = await call(
      userApi,
      request(path, {
        method: "PATCH",
        cookie,
        json: { commentEmails: "yes" },
        headers: { Origin: "http://localhost" },
      }),
      { userId: String(member.id) },
    );
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([
      { path: "commentEmails", message: "Comment e-mails must be true or false." },
    ]);
    const seenByOther = await call(userApiLoader, request(path, { cookie: await cookieFor(other.id) }), {
      userId: String(member.id),
    });
    expect(await seenByOther.json()).not.toHaveProperty("commentEmails");
  });
});

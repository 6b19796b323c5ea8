// Text the database cannot store: a NUL character in any field of any JSON body
// or page form is a 422 at the edge, never a database error (500), and nothing
// is written.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { comments, photos } from "@db/schema";
import { action as commentsApi } from "~/routes/api/comments";
import { action as photoApi } from "~/routes/api/photos.photo";
import { action as loginApi } from "~/routes/api/auth.login";
import { action as browseAction } from "~/routes/browse";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

describe("a NUL character", () => {
  it("in a JSON body is refused with 422, wherever it sits, and nothing is written", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const photo = await insertPhoto(member.id, { caption: "Before" });

    const comment = await call(
      commentsApi,
      request("/api/comments", { method: "POST", json: { PhotoId: photo.id, body: "Nice\u0000light" }, cookie }),
    );
    expect(comment.status).toBe(422);
    expect(await comment.json()).toEqual({ message: "Text must not contain NUL characters.", errors: [] });
    expect(await db().select().from(comments).where(eq(comments.photoId, photo.id))).toEqual([]);

    const caption = await call(
      photoApi,
      request(`/api/photos/${photo.id}`, {
        method: "PATCH",
        json: { caption: "After\u0000", license: "ccby" },
        cookie,
      }),
      { photoId: String(photo.id) },
    );
    expect(caption.status).toBe(422);
    const nested = await call(
      photoApi,
      request(`/api/photos/${photo.id}`, { method: "PATCH", json: { "odd\u0000key": 1 }, cookie }),
      { photoId: String(photo.id) },
    );
    expect(nested.status).toBe(422);
    const [row] = await db().select().from(photos).where(eq(photos.id, photo.id));
    expect(row!.caption).toBe("Before");
  });

  it("in a page form is refused with 422, not a 500", async () => {
    const member = await makeMember();
    const cookie = await cookieFor(member.id);
    const photo = await insertPhoto(member.id);
    const response = await call(
      browseAction,
      request("/browse", {
        method: "POST",
        cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "comment", photoId: String(photo.id), body: "x\u0000y" }).toString(),
      }),
    );
    expect(response.status).toBe(422);
    expect(await db().select().from(comments).where(eq(comments.photoId, photo.id))).toEqual([]);
  });

  it("is looked for without the call stack: JSON nested 31,000 deep is a 422, not a 500, without a log-in", async () => {
    // 62 KB, under the API's 64 KiB: the walk that looked for NUL recursed once a level and overflowed the stack.
    const depth = 31_000;
    const deep = (inner: string) => `{"email":${"[".repeat(depth)}${inner}${"]".repeat(depth)},"password":"x"}`;
    const login = (body: string) =>
      call(
        loginApi,
        request("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body }),
      );

    const plain = await login(deep('"vivian"'));
    expect(plain.status).toBe(422);
    expect(await plain.json()).toMatchObject({ errors: [{ path: "email" }] });

    const hidden = await login(deep('"viv\\u0000ian"'));
    expect(hidden.status).toBe(422);
    expect(await hidden.json()).toEqual({ message: "Text must not contain NUL characters.", errors: [] });
  });
});

// Comments live: members looking at the same photo see new,
// edited and deleted comments without reloading. The comments are written
// through the service, as the photo screens and the API do, and arrive on the
// real socket.io server's photo room; viewers of another photo hear nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transaction } from "@db/client.server";
import type { PhotoViewerSocket, ServerToClientEvents } from "~/lib/realtime-events";
import { listenerCount } from "~/services/events.server";
import { commentNotificationsSettled } from "~/services/ratings/comment-notifications.server";
import { createComment, deleteComment, editComment } from "~/services/ratings/comments.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { connected, nextMessage, startSocketServer, type SocketServer } from "../support/sockets";

let sockets: SocketServer;

beforeAll(async () => {
  sockets = await startSocketServer();
});

afterAll(async () => {
  await sockets.close();
  // New comments e-mail the photo's owner after their transaction: sent before the file's database goes.
  await commentNotificationsSettled();
});

type CommentEvent = keyof Pick<ServerToClientEvents, "comment.created" | "comment.updated" | "comment.deleted">;

/** Every comment event a socket receives, in order. */
function recordComments(socket: PhotoViewerSocket) {
  const heard: { event: CommentEvent; message: unknown }[] = [];
  for (const event of ["comment.created", "comment.updated", "comment.deleted"] as const) {
    socket.on(event, (message: unknown) => heard.push({ event, message }));
  }
  return heard;
}

async function room() {
  const owner = await makeMember({ firstName: "Olive" });
  const author = await makeMember({ firstName: "Ann" });
  const watcher = await makeMember({ firstName: "Walt" });
  const elsewhere = await makeMember({ firstName: "Elsa" });
  const photo = await insertPhoto(owner.id);
  const otherPhoto = await insertPhoto(owner.id);
  const authorSocket = sockets.viewer(photo.id, { cookie: await cookieFor(author.id) });
  const watcherSocket = sockets.viewer(photo.id, { cookie: await cookieFor(watcher.id) });
  const elsewhereSocket = sockets.viewer(otherPhoto.id, { cookie: await cookieFor(elsewhere.id) });
  await Promise.all([connected(authorSocket), connected(watcherSocket), connected(elsewhereSocket)]);
  return { owner, author, watcher, photo, otherPhoto, authorSocket, watcherSocket, elsewhereSocket };
}

describe("comments reach the viewers of their photo", () => {
  it("sends a new comment to every viewer of the photo, the author's own pages included, and to nobody else", async () => {
    const r = await room();
    const strayed = recordComments(r.elsewhereSocket);
    const toWatcher = nextMessage(r.watcherSocket, "comment.created");
    const toAuthor = nextMessage(r.authorSocket, "comment.created");

    const comment = await createComment(r.author, { PhotoId: r.photo.id, body: "Lovely light\non the tram" });

    const expected = {
      id: comment.id,
      body: "Lovely light\non the tram",
      PhotoId: r.photo.id,
      UserId: r.author.id,
      User: {
        id: r.author.id,
        firstName: "Ann",
        lastName: r.author.lastName,
        username: r.author.username,
        pictureThumbUrl: null,
      },
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
      crop: null,
      cropUrl: null,
    };
    // The photo's own Comments shape: the photo goes without saying in its room.
    expect(await toWatcher).toEqual(expected);
    expect(await toAuthor).toEqual(expected);

    // The viewer of the other photo hears a comment on their own photo, and it comes after
    // anything about the first photo would have: one connection's messages arrive in order.
    const own = nextMessage(r.elsewhereSocket, "comment.created");
    const theirs = await createComment(r.watcher, { PhotoId: r.otherPhoto.id, body: "Here" });
    expect((await own).id).toBe(theirs.id);
    expect(strayed).toEqual([{ event: "comment.created", message: expect.objectContaining({ id: theirs.id }) }]);
  });

  it("sends the edited body and the deletion, and nothing for an edit that changes nothing", async () => {
    const r = await room();
    const created = nextMessage(r.watcherSocket, "comment.created");
    const comment = await createComment(r.author, { PhotoId: r.photo.id, body: "First thought" });
    await created;
    const heard = recordComments(r.watcherSocket);

    const updated = nextMessage(r.watcherSocket, "comment.updated");
    const edited = await editComment(r.author, comment.id, { body: "Second thought" });
    expect(await updated).toEqual(expect.objectContaining({ id: comment.id, body: "Second thought" }));
    expect((await updated).updatedAt).toBe(edited.updatedAt);
    expect(await updated).not.toHaveProperty("Photo");

    await editComment(r.author, comment.id, { body: "Second thought" });
    const deleted = nextMessage(r.watcherSocket, "comment.deleted");
    await deleteComment(r.author, comment.id);
    expect(await deleted).toEqual({ id: comment.id, PhotoId: r.photo.id });
    // In order, with no update between the edit and the deletion.
    expect(heard.map((entry) => entry.event)).toEqual(["comment.updated", "comment.deleted"]);
  });

  it("sends nothing for a comment whose transaction rolled back", async () => {
    const r = await room();
    const heard = recordComments(r.watcherSocket);
    await expect(
      transaction(async () => {
        await createComment(r.author, { PhotoId: r.photo.id, body: "Never mind" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // A later comment arrives alone: the rolled-back one never went out before it.
    const next = nextMessage(r.watcherSocket, "comment.created");
    const kept = await createComment(r.author, { PhotoId: r.photo.id, body: "Kept" });
    expect((await next).id).toBe(kept.id);
    expect(heard.map((entry) => (entry.message as { body: string }).body)).toEqual(["Kept"]);
  });

  it("listens to the comment events only while realtime runs", async () => {
    const counts = () =>
      ["comment.created", "comment.updated", "comment.deleted"].map((e) => listenerCount(e as never));
    const running = counts();
    expect(running.every((n) => n >= 1)).toBe(true);
    await sockets.close();
    expect(counts()).toEqual(running.map((n) => n - 1));
    sockets = await startSocketServer();
    expect(counts()).toEqual(running);
  });
});

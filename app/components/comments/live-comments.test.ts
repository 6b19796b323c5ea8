import { describe, expect, it } from "vitest";
import type { PhotoComment } from "~/lib/realtime-events";
import { mergeComments, recordChange, type CommentChange } from "./live-comments";

function comment(id: number, body: string, createdAt: string, updatedAt = createdAt): PhotoComment {
  return {
    id,
    body,
    PhotoId: 7,
    UserId: 1,
    User: { id: 1, firstName: "Ann", lastName: "Lee", username: "ann", pictureThumbUrl: null },
    createdAt,
    updatedAt,
    crop: null,
    cropUrl: null,
  };
}

const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString();
const none = new Map<number, CommentChange>();
const bodies = (comments: PhotoComment[]) => comments.map((c) => c.body);

describe("mergeComments", () => {
  it("adds a comment that arrived live, in the order of creation", () => {
    const loaded = [comment(1, "one", t(1)), comment(3, "three", t(3))];
    const changes = recordChange(none, { id: 2, comment: comment(2, "two", t(2)) });
    expect(bodies(mergeComments(loaded, changes))).toEqual(["one", "two", "three"]);
  });

  it("shows a comment once when it arrives both live and in the reloaded list", () => {
    const live = comment(2, "two", t(2));
    const changes = recordChange(none, { id: 2, comment: live });
    expect(bodies(mergeComments([comment(1, "one", t(1)), live], changes))).toEqual(["one", "two"]);
  });

  it("keeps the newest version of an edited comment, whichever way it came", () => {
    const original = comment(1, "first", t(1));
    const edited = comment(1, "second", t(1), t(5));
    expect(bodies(mergeComments([original], recordChange(none, { id: 1, comment: edited })))).toEqual(["second"]);
    // A stale live message does not undo a newer reload.
    expect(bodies(mergeComments([edited], recordChange(none, { id: 1, comment: original })))).toEqual(["second"]);
    // Nor does an older message replace a newer one already recorded.
    const both = recordChange(recordChange(none, { id: 1, comment: edited }), { id: 1, comment: original });
    expect(both.get(1)?.comment?.body).toBe("second");
  });

  it("removes a deleted comment for good, even if an older list or message still has it", () => {
    const deleted = recordChange(none, { id: 1, comment: null });
    const again = recordChange(deleted, { id: 1, comment: comment(1, "back?", t(1), t(9)) });
    expect(mergeComments([comment(1, "one", t(1)), comment(2, "two", t(2))], again).map((c) => c.id)).toEqual([2]);
  });

  it("orders comments made in the same instant by id", () => {
    const loaded = [comment(5, "b", t(1)), comment(4, "a", t(1))];
    expect(bodies(mergeComments(loaded, none))).toEqual(["a", "b"]);
  });
});

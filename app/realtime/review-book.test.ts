import { describe, expect, it } from "vitest";
import { ReviewBook } from "./review-book";

const ann = { id: 1, firstName: "Ann" };
const bob = { id: 2, firstName: "Bob" };
const view = { photoId: 5, zoom: 2, centerX: 0.4, centerY: 0.6, timerStartedAt: null };

describe("ReviewBook", () => {
  it("follows the leader's views, and forgets them when the lead changes hands or ends", () => {
    const book = new ReviewBook();
    book.joinedRoom({ me: bob, members: [{ socketId: "a", user: ann }], leader: ann, view, mayLead: false });
    expect(book.view).toEqual(view);
    expect(book.amLeader).toBe(false);
    book.viewed({ ...view, photoId: 6 });
    expect(book.view?.photoId).toBe(6);
    book.leaderChanged(bob);
    expect(book.amLeader).toBe(true);
    expect(book.view).toBeNull();
    book.leaderChanged(null);
    book.viewed(view);
    expect(book.view).toBeNull();
  });
});

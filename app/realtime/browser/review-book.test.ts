import { describe, expect, it } from "vitest";
import { ReviewBook, followedView } from "./review-book";

const ann = { id: 1, firstName: "Ann" };
const bob = { id: 2, firstName: "Bob" };
const view = { photoId: 5, zoom: 2, centerX: 0.4, centerY: 0.6, timerElapsedMs: null, timer: null };

describe("ReviewBook", () => {
  it("follows the leader's views, and forgets them when the lead changes hands or ends", () => {
    const book = new ReviewBook();
    book.joinedRoom({ me: bob, members: [{ socketId: "a", user: ann }], leader: ann, view, mayLead: false });
    expect(book.view).toEqual({ photoId: 5, zoom: 2, centerX: 0.4, centerY: 0.6, timerStartedAt: null, timer: null });
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

  it("starts a follower's timer on the follower's own clock, whatever the leader's clock says", () => {
    // The leader's timer has run 95 s; this browser received it at its own 10:00:00.
    const receivedAt = Date.UTC(2026, 10, 23, 10, 0, 0);
    const followed = followedView({ ...view, timerElapsedMs: 95_000 }, receivedAt);
    expect(followed.timerStartedAt).toBe(receivedAt - 95_000);
    expect(followed).not.toHaveProperty("timerElapsedMs");

    const book = new ReviewBook();
    book.joinedRoom(
      { me: bob, members: [], leader: ann, view: { ...view, timerElapsedMs: 30_000 }, mayLead: false },
      receivedAt,
    );
    expect(book.view?.timerStartedAt).toBe(receivedAt - 30_000);
    book.viewed({ ...view, timerElapsedMs: 40_000 }, receivedAt + 10_000);
    expect(book.view?.timerStartedAt).toBe(receivedAt - 30_000);
  });

  it("counts a follower down to the leader's timer's end on the follower's own clock", () => {
    const receivedAt = Date.UTC(2026, 11, 6, 20, 0, 0);
    const followed = followedView({ ...view, timer: { leftMs: 1_800_000, photosLeft: 6 } }, receivedAt);
    expect(followed.timer).toEqual({ endsAt: receivedAt + 1_800_000, photosLeft: 6 });
    expect(followedView(view, receivedAt).timer).toBeNull();
  });

  it("keeps what the leader's other windows send apart, for the leader's own windows to take", () => {
    const book = new ReviewBook();
    book.joinedRoom({ me: ann, members: [], leader: ann, view, mayLead: true });
    // The snapshot's view is where the lead was: a window just opened stays where it is.
    expect(book.ownWindowsView).toBeNull();
    book.viewed({ ...view, photoId: 7 });
    expect(book.ownWindowsView?.photoId).toBe(7);
    book.leaderChanged(bob);
    expect(book.ownWindowsView).toBeNull();
    // A follower's book keeps none: it follows the leader's view instead.
    book.viewed({ ...view, photoId: 8 });
    expect(book.ownWindowsView).toBeNull();
    expect(book.view?.photoId).toBe(8);
  });

  it("gives React the same state until it is told of a change, showing only the current leader's views", () => {
    const book = new ReviewBook();
    let told = 0;
    book.subscribe(() => told++);
    const empty = book.getSnapshot();
    expect(empty).toEqual({
      leader: null,
      amLeader: false,
      canLead: false,
      members: [],
      leaderView: null,
      ownWindowsView: null,
      shownEntries: {},
    });
    expect(book.getSnapshot()).toBe(empty);

    book.joinedRoom({ me: ann, members: [{ socketId: "b", user: bob }], leader: ann, view, mayLead: true });
    book.viewed({ ...view, photoId: 7 });
    expect(book.getSnapshot()).toBe(empty);
    book.changed();
    expect(told).toBe(1);
    const leading = book.getSnapshot();
    expect(leading).toMatchObject({ leader: ann, amLeader: true, canLead: true, members: [bob] });
    expect(leading.leaderView?.photoId).toBe(7);
    expect(leading.ownWindowsView?.photoId).toBe(7);
    expect(book.getSnapshot()).toBe(leading);

    // Ann hands the lead to Bob: her own windows' view is no longer hers to take.
    book.leaderChanged(bob);
    book.viewed({ ...view, photoId: 8 });
    book.changed();
    expect(book.getSnapshot()).toMatchObject({ leader: bob, amLeader: false, ownWindowsView: null });
    expect(book.getSnapshot().leaderView?.photoId).toBe(8);
  });

  it("keeps what a competition's host showed of each entry, from the snapshot on, the latest of each", () => {
    const book = new ReviewBook();
    const shown = (photoId: number, show: "entry" | "comments" | "result") => ({
      photoId,
      show,
      critique: show === "comments" ? "Well seen." : null,
      score: show === "result" ? 18 : null,
      scoreMax: show === "result" ? 20 : null,
      award: show === "result" ? ("1st" as const) : null,
      author: null,
    });
    book.joinedRoom({ me: ann, members: [], leader: null, view: null, mayLead: false, entry: shown(7, "comments") });
    book.entryShown(shown(8, "result"));
    book.changed();
    const first = book.getSnapshot().shownEntries;
    expect(first[7]?.critique).toBe("Well seen.");
    expect(first[8]?.score).toBe(18);
    // Hidden again: the entry shows nothing more, the other keeps its result.
    book.entryShown(shown(8, "entry"));
    book.changed();
    expect(book.getSnapshot().shownEntries[8]?.show).toBe("entry");
    expect(book.getSnapshot().shownEntries[7]?.show).toBe("comments");
    expect(first[8]?.show).toBe("result");
  });
});

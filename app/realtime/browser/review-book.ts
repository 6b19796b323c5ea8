// The bookkeeping behind following the host, apart from
// sockets and React: who is in the meeting's review room, who leads, and the
// leader's latest view.
import type { EntryShown, Presence, ReviewSnapshot, ReviewView, Viewer } from "~/lib/realtime-events";
import { BookStore } from "./book-store";
import { PresenceBook } from "./live-book";

/** The leader's meeting timer as a follower counts with it: its end on this browser's own clock (epoch ms). */
export type FollowedTimer = { endsAt: number; photosLeft: number };

/**
 * The leader's view as a follower uses it: the photo's countdown start and the
 * leader's timer's end on this browser's own clock (epoch ms).
 */
export type FollowedView = Omit<ReviewView, "timerElapsedMs" | "timer"> & {
  timerStartedAt: number | null;
  timer: FollowedTimer | null;
};

/** The view as received at `receivedAt` (this clock): the timer started that long before now, and ends so long after. */
export function followedView({ timerElapsedMs, timer, ...view }: ReviewView, receivedAt: number): FollowedView {
  return {
    ...view,
    timerStartedAt: timerElapsedMs === null ? null : receivedAt - timerElapsedMs,
    timer: timer ? { endsAt: receivedAt + timer.leftMs, photosLeft: timer.photosLeft } : null,
  };
}

/** What the viewer and the presenter show of the review room, as of the book's last change. */
export type ReviewState = {
  leader: Viewer | null;
  amLeader: boolean;
  canLead: boolean;
  members: Viewer[];
  leaderView: FollowedView | null;
  ownWindowsView: FollowedView | null;
  /** What a competition's host has shown of each entry this window heard of (by photo id). */
  shownEntries: Readonly<Record<number, EntryShown>>;
};

export class ReviewBook extends BookStore<ReviewState> {
  readonly presence = new PresenceBook();
  me: Viewer | null = null;
  leader: Viewer | null = null;
  view: FollowedView | null = null;
  /**
   * The latest view relayed while this member leads: another window of theirs
   * sent it (the presenter's screen, a second viewer), since the server never
   * sends a window its own. The lead's windows are one, so
   * each takes it; a snapshot's view is not one (the window just opened where it is).
   */
  ownWindowsView: FollowedView | null = null;
  mayLead = false;
  /** Each entry's latest showing: going back to an entry shown before shows it as it was left. */
  entries: Record<number, EntryShown> = {};

  joinedRoom(snapshot: ReviewSnapshot, receivedAt = Date.now()) {
    if (snapshot.entry) this.entryShown(snapshot.entry);
    this.me = snapshot.me;
    this.presence.snapshot(snapshot.members);
    this.leader = snapshot.leader;
    this.view = snapshot.leader && snapshot.view ? followedView(snapshot.view, receivedAt) : null;
    this.ownWindowsView = null;
    this.mayLead = snapshot.mayLead;
  }

  memberJoined(presence: Presence) {
    this.presence.joined(presence);
  }

  memberLeft(presence: Presence) {
    this.presence.left(presence);
  }

  leaderChanged(leader: Viewer | null) {
    // A new leader's view replaces the last one's only when it comes: until then, nothing to follow.
    if (leader?.id !== this.leader?.id) {
      this.view = null;
      this.ownWindowsView = null;
    }
    this.leader = leader;
  }

  entryShown(shown: EntryShown) {
    this.entries = { ...this.entries, [shown.photoId]: shown };
  }

  viewed(view: ReviewView, receivedAt = Date.now()) {
    if (!this.leader) return;
    this.view = followedView(view, receivedAt);
    if (this.amLeader) this.ownWindowsView = this.view;
  }

  clear() {
    this.presence.clear();
    this.me = null;
    this.leader = null;
    this.view = null;
    this.ownWindowsView = null;
    this.mayLead = false;
  }

  get amLeader(): boolean {
    return !!this.me && this.leader?.id === this.me.id;
  }

  protected read(): ReviewState {
    return {
      leader: this.leader,
      amLeader: this.amLeader,
      canLead: this.mayLead,
      members: this.presence.viewers(),
      leaderView: this.leader ? this.view : null,
      ownWindowsView: this.amLeader ? this.ownWindowsView : null,
      shownEntries: this.entries,
    };
  }
}

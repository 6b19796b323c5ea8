// The bookkeeping behind following the host (issue 13 item 5), apart from
// sockets and React: who is in the meeting's review room, who leads, and the
// leader's latest view.
import type { Presence, ReviewSnapshot, ReviewView, Viewer } from "~/lib/realtime-events";
import { PresenceBook } from "./live-book";

/** The leader's view as a follower uses it: the timer's start on this browser's own clock (epoch ms). */
export type FollowedView = Omit<ReviewView, "timerElapsedMs"> & { timerStartedAt: number | null };

/** The view as received at `receivedAt` (this clock): the timer started that long before now. */
export function followedView({ timerElapsedMs, ...view }: ReviewView, receivedAt: number): FollowedView {
  return { ...view, timerStartedAt: timerElapsedMs === null ? null : receivedAt - timerElapsedMs };
}

export class ReviewBook {
  readonly presence = new PresenceBook();
  me: Viewer | null = null;
  leader: Viewer | null = null;
  view: FollowedView | null = null;
  mayLead = false;

  joinedRoom(snapshot: ReviewSnapshot, receivedAt = Date.now()) {
    this.me = snapshot.me;
    this.presence.snapshot(snapshot.members);
    this.leader = snapshot.leader;
    this.view = snapshot.leader && snapshot.view ? followedView(snapshot.view, receivedAt) : null;
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
    if (leader?.id !== this.leader?.id) this.view = null;
    this.leader = leader;
  }

  viewed(view: ReviewView, receivedAt = Date.now()) {
    if (this.leader) this.view = followedView(view, receivedAt);
  }

  clear() {
    this.presence.clear();
    this.me = null;
    this.leader = null;
    this.view = null;
    this.mayLead = false;
  }

  get amLeader(): boolean {
    return !!this.me && this.leader?.id === this.me.id;
  }
}

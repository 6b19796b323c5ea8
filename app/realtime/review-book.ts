// The bookkeeping behind following the host (issue 13 item 5), apart from
// sockets and React: who is in the meeting's review room, who leads, and the
// leader's latest view.
import type { Presence, ReviewSnapshot, ReviewView, Viewer } from "~/lib/realtime-events";
import { PresenceBook } from "./live-book";

export class ReviewBook {
  readonly presence = new PresenceBook();
  me: Viewer | null = null;
  leader: Viewer | null = null;
  view: ReviewView | null = null;
  mayLead = false;

  joinedRoom(snapshot: ReviewSnapshot) {
    this.me = snapshot.me;
    this.presence.snapshot(snapshot.members);
    this.leader = snapshot.leader;
    this.view = snapshot.leader ? snapshot.view : null;
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

  viewed(view: ReviewView) {
    if (this.leader) this.view = view;
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

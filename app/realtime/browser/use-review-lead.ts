// Following the host through a meeting's review: one socket
// to the meeting's review room (/review?meeting=) while a meeting's viewer is
// open. An admin (or the member an admin handed it to) leads; whoever follows
// moves with the leader's view (photo, zoom, centre, timer). The server
// decides who may lead and relays only the leader's views; this hook only asks.
//
//   const review = useReviewLead(meeting?.id ?? null);
//   if (review.following && review.leaderView) show(review.leaderView);
//   if (review.amLeader) review.publishView({ photoId, zoom, centerX, centerY, timerElapsedMs });
import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import type { EntryShown, ReviewSocket, ReviewView, ShowEntry, Viewer } from "~/lib/realtime-events";
import { REVIEW_NAMESPACE } from "~/lib/live-names";
import { frameCoalescer, type FrameCoalescer } from "./frame-coalescer";
import { ReviewBook, type FollowedView } from "./review-book";
import type { RoomStatus } from "./room-socket";
import { useRoomSocket } from "./use-room-socket";

export type { ReviewView } from "~/lib/realtime-events";

export type ReviewLead = {
  status: RoomStatus;
  leader: Viewer | null;
  amLeader: boolean;
  /** An admin, or the member an admin handed the lead to. */
  canLead: boolean;
  /** Who is in the meeting's review room (to hand the lead to). */
  members: Viewer[];
  lead(): void;
  stopLeading(): void;
  handTo(memberId: number): void;
  following: boolean;
  follow(): void;
  /** Called by the viewer when the member navigates on their own. */
  unfollow(): void;
  /** The leader's latest view (null when nobody leads), its timer's start on this browser's clock. */
  leaderView: FollowedView | null;
  /** While this member leads: the latest view another window of theirs sent (the presenter's screen's move). */
  ownWindowsView: FollowedView | null;
  /** Leader only (the server drops anyone else's); sent at most once per frame. */
  publishView(view: ReviewView): void;
  /** A competition's entries as its host showed them (their comments or result), by photo id. */
  shownEntries: Readonly<Record<number, EntryShown>>;
  /** A competition's host (an admin) shows an entry's comments or result to the room (anyone else's is dropped). */
  showEntry(message: ShowEntry): void;
};

export function useReviewLead(meetingId: number | null): ReviewLead {
  const [book] = useState(() => new ReviewBook());
  const [following, setFollowing] = useState(false);
  const viewSender = useRef<FrameCoalescer<ReviewView> | null>(null);
  // An anonymous meeting's names were revealed: the page (viewer, presenter) loads them.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const listen = useCallback(
    (socket: ReviewSocket) => {
      socket.on("revealed", () => void revalidate.current());
      // The leader's view: the latest per frame; reliable, so a follower never stays on a stale photo.
      viewSender.current = frameCoalescer((view) => socket.emit("view", view));

      socket.on("review", (snapshot) => {
        book.joinedRoom(snapshot);
        book.changed();
      });
      socket.on("member.joined", (presence) => {
        book.memberJoined(presence);
        book.changed();
      });
      socket.on("member.left", (presence) => {
        book.memberLeft(presence);
        book.changed();
      });
      socket.on("leader", ({ leader }) => {
        book.leaderChanged(leader);
        // Nobody to follow any more.
        if (!leader) setFollowing(false);
        book.changed();
      });
      socket.on("view", (view) => {
        book.viewed(view);
        book.changed();
      });
      socket.on("entry", (shown) => {
        book.entryShown(shown);
        book.changed();
      });
      socket.on("mayLead", (may) => {
        book.mayLead = may;
        book.changed();
      });

      return () => {
        viewSender.current?.close();
        viewSender.current = null;
        setFollowing(false);
      };
    },
    [book],
  );
  const { status, socketRef } = useRoomSocket<ReviewSocket>(book, REVIEW_NAMESPACE, "meeting", meetingId, listen);

  const lead = useCallback(() => {
    socketRef.current?.emit("lead");
    setFollowing(false);
  }, [socketRef]);
  const stopLeading = useCallback(() => socketRef.current?.emit("stopLeading"), [socketRef]);
  const handTo = useCallback((memberId: number) => socketRef.current?.emit("handTo", { memberId }), [socketRef]);
  const showEntry = useCallback((message: ShowEntry) => socketRef.current?.emit("showEntry", message), [socketRef]);
  const follow = useCallback(() => setFollowing(true), []);
  const unfollow = useCallback(() => setFollowing(false), []);
  const publishView = useCallback(
    (view: ReviewView) => {
      if (book.amLeader) viewSender.current?.push(view);
    },
    [book],
  );

  // The server renders no room: its snapshot is the empty one, as the browser's first.
  const state = useSyncExternalStore(book.subscribe, book.getSnapshot, book.getSnapshot);

  return {
    status,
    ...state,
    following: following && !!state.leader && !state.amLeader,
    lead,
    stopLeading,
    handTo,
    follow,
    unfollow,
    publishView,
    showEntry,
  };
}

// The meeting page of an anonymous meeting waits for its reveal: a
// socket to the meeting's review namespace that only watches (`watch=1`: in
// nobody's presence list, sending nothing), and when an admin reveals the
// names, the page's data is loaded again, so every open meeting page shows
// them at once. No socket once the names are shown.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { ReviewSocket } from "~/lib/realtime-events";
import { REVIEW_NAMESPACE } from "~/lib/live-names";
import { openRoomSocket } from "./room-socket";

export function useMeetingReveal(meetingId: number, namesHidden: boolean): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!namesHidden) return;
    const socket = openRoomSocket<ReviewSocket>(REVIEW_NAMESPACE, { meeting: String(meetingId), watch: "1" });
    socket.on("revealed", () => void revalidate.current());
    return () => {
      socket.disconnect();
    };
  }, [meetingId, namesHidden]);
}

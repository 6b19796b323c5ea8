// A competition night in a review room: the host (an admin) shows an entry's
// judge's comments or result, and every window of the room, the host's own
// included, is sent what the server read for it (entry-screen.server.ts). What
// was shown last lives on the host's socket, as a leader's view does, so a
// window joining later is told it in its snapshot.
import type { EntryShown, ShowEntry } from "~/lib/realtime-events";
import { entryOnScreen } from "~/services/competitions/entry-screen.server";
import { memberNow } from "./handshake.server";

type EntrySocket = {
  data: { meetingId: number; entry?: { shown: EntryShown; at: number } };
  request: { headers: { cookie?: string } };
};

/** The host's rights are read when they ask: an admin demoted since joining is not heard. */
export async function showEntry(socket: EntrySocket, asked: ShowEntry, tellRoom: (shown: EntryShown) => void) {
  const member = await memberNow(socket);
  if (!member) return;
  const shown = await entryOnScreen(member, socket.data.meetingId, asked);
  if (!shown) return;
  socket.data.entry = { shown, at: Date.now() };
  tellRoom(shown);
}

/** The entry shown last by any window in the room (null: none yet, or its host has left). */
export function latestEntryShown(
  sockets: { data: { entry?: { shown: EntryShown; at: number } } }[],
): EntryShown | null {
  const latest = sockets
    .map((socket) => socket.data.entry)
    .filter((entry) => entry !== undefined)
    .sort((a, b) => b.at - a.at)[0];
  return latest?.shown ?? null;
}

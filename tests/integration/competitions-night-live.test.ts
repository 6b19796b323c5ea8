// A competition night in the review room: the host (an admin) shows an entry's
// judge's comments or result, and every window of the room hears what the
// server read for it: the critique alone, or the score and award, with the
// author only once the results are published (never the host's own entry's
// before). Nobody else is heard, nor the host before every entry is scored; a
// window joining later is told what was shown last.
import { describe, expect, it } from "vitest";
import type { EntryShown } from "~/lib/realtime-events";
import { publishResults } from "~/services/competitions/publish-results.server";
import { saveScore } from "~/services/competitions/judging.server";
import { enterDirectly, insertCompetition, insertJudge } from "../support/competitions";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { enterReview, nextReview, useSocketServer, type TestReviewer } from "../support/sockets";

const sockets = useSocketServer();

/** A competition with the host's own entry and a member's, a judge's link, and both in its review room. */
async function room() {
  const host = await makeMember({ isAdmin: true, firstName: "Hana" });
  const bea = await makeMember({ firstName: "Bea" });
  const { meeting, categories } = await insertCompetition();
  const own = await insertPhoto(host.id, { caption: "Pier" });
  const beas = await insertPhoto(bea.id, { caption: "Doorway" });
  await enterDirectly(meeting.id, categories[0]!.id, own);
  await enterDirectly(meeting.id, categories[0]!.id, beas, 1);
  const { token } = await insertJudge(meeting.id);
  const hostRoom = await enterReview(sockets, meeting.id, host);
  const beaRoom = await enterReview(sockets, meeting.id, bea);
  return { host, bea, meeting, own, beas, token, hostSocket: hostRoom.socket, beaSocket: beaRoom.socket };
}

/** Every `entry` a socket hears from now on. */
function heard(socket: TestReviewer): EntryShown[] {
  const entries: EntryShown[] = [];
  socket.on("entry", (shown) => entries.push(shown));
  return entries;
}

/**
 * Sends `showEntry` and then `lead` from the same socket, whose messages are handled in turn: once
 * the answer to `lead` is back (a refusal or the new leader), the showEntry was handled too, and an
 * `entry` it caused, sent to its own socket first, was heard already.
 */
async function showThenLead(socket: TestReviewer, message: { photoId: number; show: EntryShown["show"] }) {
  const answered = Promise.race([nextReview(socket, "mayLead"), nextReview(socket, "leader")]);
  socket.emit("showEntry", message);
  socket.emit("lead");
  await answered;
}

describe("showing a competition's entries on the night", () => {
  it("hears nobody but an admin, and an admin only once every entry is scored", async () => {
    const { own, beas, token, hostSocket, beaSocket } = await room();
    const byBea = heard(beaSocket);
    const byHost = heard(hostSocket);
    await saveScore(token, beas.id, { score: 15, critique: "Good." });
    // One entry is still unscored: its awards are not settled, nothing is shown.
    await showThenLead(hostSocket, { photoId: beas.id, show: "result" });
    await saveScore(token, own.id, { score: 18, critique: "Strong." });
    // A member asks: dropped.
    await showThenLead(beaSocket, { photoId: beas.id, show: "result" });
    expect([...byBea, ...byHost]).toEqual([]);
  });

  it("sends the critique alone, then the score and award without any name before publishing", async () => {
    const { host, bea, own, beas, token, hostSocket, beaSocket, meeting } = await room();
    await saveScore(token, beas.id, { score: 15, critique: "Good doorway." });
    await saveScore(token, own.id, { score: 18, critique: "Strong pier." });

    const comments = nextReview(beaSocket, "entry");
    const hostHears = nextReview(hostSocket, "entry");
    hostSocket.emit("showEntry", { photoId: own.id, show: "comments" });
    expect(await comments).toEqual({
      photoId: own.id,
      show: "comments",
      critique: "Strong pier.",
      score: null,
      scoreMax: null,
      award: null,
      author: null,
    });
    // The host's own windows are told too: the presenter's screen shows what the room sees.
    expect((await hostHears).show).toBe("comments");

    const result = nextReview(beaSocket, "entry");
    hostSocket.emit("showEntry", { photoId: own.id, show: "result" });
    // The host's own entry: named to the host in the results, but never on the room's screens.
    expect(await result).toEqual({
      photoId: own.id,
      show: "result",
      critique: null,
      score: 18,
      scoreMax: 20,
      award: "1st",
      author: null,
    });

    // A window joining later is told what was shown last.
    const late = await enterReview(sockets, meeting.id, await makeMember());
    expect(late.snapshot.entry).toMatchObject({ photoId: own.id, show: "result", score: 18 });

    await publishResults(host, meeting.id);
    const named = nextReview(beaSocket, "entry");
    hostSocket.emit("showEntry", { photoId: beas.id, show: "result" });
    expect(await named).toMatchObject({
      photoId: beas.id,
      score: 15,
      award: "2nd",
      author: `${bea.firstName} ${bea.lastName}`,
    });
    const hidden = nextReview(beaSocket, "entry");
    hostSocket.emit("showEntry", { photoId: beas.id, show: "entry" });
    expect(await hidden).toMatchObject({ photoId: beas.id, show: "entry", score: null, author: null });
  });

  it("shows nothing of a critique night, nor of a photo that is not an entry", async () => {
    const admin = await makeMember({ isAdmin: true });
    const critique = await insertMeeting({ anonymous: true });
    const photo = await insertPhoto(admin.id);
    await submitDirectly(critique.id, photo, 1);
    const { socket } = await enterReview(sockets, critique.id, admin);
    const onCritique = heard(socket);
    await showThenLead(socket, { photoId: photo.id, show: "result" });
    expect(onCritique).toEqual([]);

    const { token, own, beas, hostSocket } = await room();
    await saveScore(token, beas.id, { score: 15, critique: "" });
    await saveScore(token, own.id, { score: 18, critique: "" });
    const onCompetition = heard(hostSocket);
    await showThenLead(hostSocket, { photoId: photo.id, show: "result" });
    expect(onCompetition).toEqual([]);
  });
});

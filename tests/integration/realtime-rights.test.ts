// Rights are read when used, not when connected. An admin
// demoted while his review socket is open can no longer take the lead, take it
// from a real admin or hand it on; a member made an admin may lead at once. A
// role change made through the site also ends the member's review sockets (the
// lead with them), so their next connection starts from the new rights.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import { action as userApi } from "~/routes/api/users.user";
import { cookieFor, makeMember, request } from "../support/members";
import { insertMeeting } from "../support/meetings";
import { call } from "../support/routes";
import { enterReview, nextReview, useSocketServer, type TestReviewer } from "../support/sockets";

const sockets = useSocketServer();

const enter = (meetingId: number, member: { id: number }) => enterReview(sockets, meetingId, member);

/** A meeting's review room with two admins, Ada and Bea, and a member, Mo. */
async function roomWithTwoAdmins() {
  const meeting = await insertMeeting();
  const ada = await makeMember({ isAdmin: true, firstName: "Ada" });
  const bea = await makeMember({ isAdmin: true, firstName: "Bea" });
  const mo = await makeMember({ firstName: "Mo" });
  const [a, b, m] = [await enter(meeting.id, ada), await enter(meeting.id, bea), await enter(meeting.id, mo)];
  return { meeting, ada, bea, mo, adaSocket: a.socket, beaSocket: b.socket, moSocket: m.socket };
}

/** Changes a member's role behind the site's back: no event, only the row (the data version moves). */
const setAdminInTable = (userId: number, isAdmin: boolean) =>
  db().update(users).set({ isAdmin }).where(eq(users.id, userId));

/**
 * What comes first after `act`: the actor being told it may not lead (its
 * attempt refused) or the watcher hearing of a new leader (it went through).
 */
async function refusedOrLed(actor: TestReviewer, watcher: TestReviewer, act: () => void) {
  const outcome = Promise.race([
    nextReview(actor, "mayLead").then((may) => ({ refused: !may })),
    nextReview(watcher, "leader").then(({ leader }) => ({ led: leader?.firstName })),
  ]);
  act();
  return outcome;
}

describe("a demoted admin's open review socket", () => {
  it("can no longer take the lead, take it from an admin, or hand it on", async () => {
    const { meeting, ada, adaSocket, beaSocket, moSocket, mo } = await roomWithTwoAdmins();
    await setAdminInTable(ada.id, false);

    // Nobody leads: Ada asks to lead.
    expect(await refusedOrLed(adaSocket, moSocket, () => adaSocket.emit("lead"))).toEqual({ refused: true });
    // Ada hands the lead to Mo.
    expect(await refusedOrLed(adaSocket, moSocket, () => adaSocket.emit("handTo", { memberId: mo.id }))).toEqual({
      refused: true,
    });
    // Bea, an admin, leads; Ada tries to take it from her.
    expect(await refusedOrLed(beaSocket, moSocket, () => beaSocket.emit("lead"))).toEqual({ led: "Bea" });
    expect(await refusedOrLed(adaSocket, moSocket, () => adaSocket.emit("lead"))).toEqual({ refused: true });
    expect(await refusedOrLed(adaSocket, moSocket, () => adaSocket.emit("handTo", { memberId: mo.id }))).toEqual({
      refused: true,
    });

    const { snapshot } = await enter(meeting.id, await makeMember());
    expect(snapshot.leader?.firstName).toBe("Bea");
    expect(adaSocket.connected).toBe(true);
  });

  it("a member made an admin may lead without reconnecting", async () => {
    const { mo, moSocket, beaSocket, adaSocket } = await roomWithTwoAdmins();
    expect(await refusedOrLed(beaSocket, adaSocket, () => beaSocket.emit("lead"))).toEqual({ led: "Bea" });
    expect(await refusedOrLed(moSocket, adaSocket, () => moSocket.emit("lead"))).toEqual({ refused: true });
    await setAdminInTable(mo.id, true);
    expect(await refusedOrLed(moSocket, adaSocket, () => moSocket.emit("lead"))).toEqual({ led: "Mo" });
  });
});

describe("a role change made through the site", () => {
  const setAdmin = async (by: { id: number }, userId: number, isAdmin: boolean) => {
    const response = await call(
      userApi,
      request(`/api/users/${userId}`, { method: "PATCH", cookie: await cookieFor(by.id), json: { isAdmin } }),
      { userId: String(userId) },
    );
    expect(response.status).toBe(200);
  };

  it("ends the member's review sockets, and the lead they held; they come back with their new rights", async () => {
    const { meeting, ada, bea, mo, adaSocket, moSocket } = await roomWithTwoAdmins();
    expect(await refusedOrLed(adaSocket, moSocket, () => adaSocket.emit("lead"))).toEqual({ led: "Ada" });

    const leadEnded = nextReview(moSocket, "leader");
    await setAdmin(bea, ada.id, false);
    await adaSocket.disconnection;
    expect(await leadEnded).toEqual({ leader: null });
    const back = await enter(meeting.id, ada);
    expect(back.snapshot.mayLead).toBe(false);
    expect(await refusedOrLed(back.socket, moSocket, () => back.socket.emit("lead"))).toEqual({ refused: true });

    await setAdmin(bea, mo.id, true);
    await moSocket.disconnection;
    const promoted = await enter(meeting.id, mo);
    expect(promoted.snapshot.mayLead).toBe(true);
    expect(await refusedOrLed(promoted.socket, back.socket, () => promoted.socket.emit("lead"))).toEqual({ led: "Mo" });
  });
});

// The caps on what one member and one address hold of the live layer,
// with small limits so each shows in a few sockets: a member's sockets
// per room and in all (photo and review rooms alike), given back as they close,
// and the handshakes one address may start a minute, the address read through
// a trusted proxy as the pages read it. Refusals are sentences a window shows.
import { describe, expect, it } from "vitest";
import { LIVE_LIMIT_REFUSALS } from "~/lib/live-names";
import { cookieFor, makeMember } from "../support/members";
import { insertMeeting } from "../support/meetings";
import { insertPhoto } from "../support/photos";
import { connected, nextMessage, refused, useSocketServer } from "../support/sockets";

const sockets = useSocketServer({
  socketsPerMemberInRoom: 2,
  socketsPerMember: 3,
  handshakesPerAddressPerMinute: 3,
  trustProxy: "loopback",
});

/** Each test comes through an address of its own (the proxy on loopback is trusted), so their counts never meet. */
let lastAddress = 0;
const nextAddress = () => `203.0.113.${++lastAddress}`;

describe("a member's sockets", () => {
  it("are capped per room and in all, and a closed one gives its place back", async () => {
    const member = await makeMember();
    const witness = await makeMember();
    const [a, b, c] = [await insertPhoto(witness.id), await insertPhoto(witness.id), await insertPhoto(witness.id)];
    const meeting = await insertMeeting();
    // Sent as from many addresses, so only the member's caps are in play here.
    const as = async (who: { id: number }) => ({ cookie: await cookieFor(who.id), forwardedFor: nextAddress() });

    const onA = [sockets.viewer(a.id, await as(member)), sockets.viewer(a.id, await as(member))];
    await Promise.all(onA.map(connected));
    expect(await refused(sockets.viewer(a.id, await as(member)))).toBe(LIVE_LIMIT_REFUSALS.room);
    await connected(sockets.viewer(b.id, await as(member)));
    expect(await refused(sockets.viewer(c.id, await as(member)))).toBe(LIVE_LIMIT_REFUSALS.member);
    expect(await refused(sockets.reviewer(meeting.id, await as(member)))).toBe(LIVE_LIMIT_REFUSALS.member);
    // Another member is not held back by this one's sockets.
    const watching = sockets.viewer(a.id, await as(witness));
    await connected(watching);

    // One window on A closes: the server hears it leave, and its place is free.
    const left = nextMessage(watching, "viewer.left");
    onA[0]!.disconnect();
    await left;
    await connected(sockets.reviewer(meeting.id, await as(member)));
    expect(await refused(sockets.viewer(c.id, await as(member)))).toBe(LIVE_LIMIT_REFUSALS.member);
  });
});

describe("handshakes from one address", () => {
  it("are counted before the session is read, per address as a trusted proxy names it", async () => {
    const member = await makeMember();
    const photo = await insertPhoto(member.id);
    const address = nextAddress();
    // A visitor's handshakes count as much as a member's: refused for the session, yet counted.
    expect(await refused(sockets.viewer(photo.id, { forwardedFor: address }))).toBe("unauthorized");
    await connected(sockets.viewer(photo.id, { cookie: await cookieFor(member.id), forwardedFor: address }));
    expect(await refused(sockets.viewer(photo.id, { forwardedFor: address }))).toBe("unauthorized");
    // The fourth in the minute is refused before anything else is looked at, the member's own included.
    const fourth = sockets.viewer(photo.id, { cookie: await cookieFor(member.id), forwardedFor: address });
    expect(await refused(fourth)).toBe(LIVE_LIMIT_REFUSALS.address);
    // The proxy's own address, and the one the client claims before it, are not this client's.
    const otherClient = sockets.viewer(photo.id, {
      cookie: await cookieFor(member.id),
      forwardedFor: `${address}, ${nextAddress()}`,
    });
    await connected(otherClient);
  });
});

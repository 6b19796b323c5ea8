// The review rooms (follow the host): one per meeting, at
// /review?meeting={meetingId}, for members who may see the meeting. An admin
// may lead (and take over from anyone); the admin or the leader may hand the
// lead to a member in the room, who may then take it again while nobody leads.
// Only the leader's views are passed on, and only of the meeting's own photos.
// The lead ends when the leader's last window leaves.
//
// Who may lead or hand on is read when they ask (memberNow), never from the
// handshake: an admin demoted with the room open is refused at once. A role
// changed through the site also ends the member's review sockets (realtime.server.ts),
// and with them a lead they held. Views need no such read: only the leader's
// pass, and the lead was checked when taken.
//
// The state is kept in socket.io rooms, which the adapter keeps across app
// processes: the leader's sockets are in the meeting's "leader" room, members
// handed the lead in its "may-lead" room, the leader's latest view (and a
// competition host's entry shown, review-entries.server.ts) on the socket that sent it.
//
// A window that only waits for an anonymous meeting's reveal (the meeting page, `?meeting={id}&watch=1`)
// joins the meeting's "watch" room instead: in nobody's presence list, it sends nothing. The reveal
// tells both rooms (`revealed`), and their pages load the names again (relayRevealToReviewRooms).
import type { Namespace, Socket } from "socket.io";
import {
  HandLeadSchema,
  ReviewViewSchema,
  ShowEntrySchema,
  type EntryShown,
  type ReviewClientToServerEvents,
  type ReviewServerToClientEvents,
  type ReviewView,
  type Viewer,
} from "~/lib/realtime-events";
import { REVIEW_NAMESPACE } from "~/lib/live-names";
import { idParam } from "~/services/id-params.server";
import {
  canSeeMeeting,
  liveViewerOf,
  mayHandReviewLead,
  mayLeadReview,
  mayTakeReviewLead,
} from "~/services/access.server";
import type { Member } from "~/lib/member";
import { NotFoundError } from "~/services/errors.server";
import { isMeetingPhoto } from "~/services/meetings/review.server";
import { admission, memberNow, memberOfHandshake, memberRoom, queryValue, sessionRoom } from "./handshake.server";
import type { LiveGate } from "./live-limits.server";
import { MessageBudget } from "./message-budget";
import type { RealtimeServer } from "./realtime.server";
import { latestEntryShown, showEntry } from "./review-entries.server";
import { presenceOf } from "./room-state";
import { logger } from "~/base/logger.server";
import { subscribe } from "~/services/events.server";

export type ReviewSocketData = {
  viewer: Viewer;
  meetingId: number;
  sessionId: string;
  /** The view this socket showed last while leading, and when. */
  view?: { view: ReviewView; at: number };
  /** What this socket's host showed last of a competition's entry, and when (a joiner is told the latest). */
  entry?: { shown: EntryShown; at: number };
};

type ReviewRooms = Namespace<
  ReviewClientToServerEvents,
  ReviewServerToClientEvents,
  Record<string, never>,
  ReviewSocketData
>;
type ReviewConnection = Socket<
  ReviewClientToServerEvents,
  ReviewServerToClientEvents,
  Record<string, never>,
  ReviewSocketData
>;

/** Per member (across their sockets) and second: views up to one a frame; lead changes are clicks. */
export const REVIEW_LIMITS = { view: 60, control: 10 };

const MEETING_NOT_FOUND = "meeting not found";
const meetingIdFrom = idParam(MEETING_NOT_FOUND);

const rooms = (meetingId: number) => ({
  review: `review:${meetingId}`,
  watch: `review:${meetingId}:watch`,
  leader: `review:${meetingId}:leader`,
  mayLead: `review:${meetingId}:may-lead`,
  member: (userId: number) => `review:${meetingId}:member:${userId}`,
});

export function openReviewRooms(io: RealtimeServer, gate: LiveGate) {
  const review = io.of(REVIEW_NAMESPACE) as unknown as ReviewRooms;
  const viewLimit = new MessageBudget<number>(REVIEW_LIMITS.view, 1000);
  const controlLimit = new MessageBudget<number>(REVIEW_LIMITS.control, 1000);

  review.use(admission("meeting", "review member", gate, ({ meetingId }) => rooms(meetingId).review, admit));

  review.on("connection", (socket) => {
    const { viewer, meetingId, sessionId } = socket.data;
    const room = rooms(meetingId);
    if (socket.handshake.query.watch === "1") {
      void socket.join([room.watch, memberRoom(viewer.id), sessionRoom(sessionId)]);
      return;
    }
    void socket.join([room.review, room.member(viewer.id), memberRoom(viewer.id), sessionRoom(sessionId)]);
    socket.to(room.review).emit("member.joined", { socketId: socket.id, user: viewer });
    // Messages are handled one after another, so a view checked against the database never overtakes a later one.
    // A failed welcome (another process not answering in time) is logged; it must never go unhandled.
    let queue: Promise<unknown> = welcome(review, socket).catch((err: unknown) =>
      logger().error({ err }, "A review room's welcome failed"),
    );
    const inTurn = (work: () => Promise<unknown>) => {
      queue = queue
        .then(work)
        .catch((error: unknown) => logger().error({ err: error }, "A review room message failed"));
    };
    const control = (work: () => Promise<void>) => () => {
      if (controlLimit.take(viewer.id)) inTurn(work);
    };
    socket.on(
      "lead",
      control(() => takeLead(review, socket)),
    );
    socket.on(
      "stopLeading",
      control(() => stopLeading(review, socket)),
    );
    socket.on("handTo", (payload: unknown) => {
      if (!controlLimit.take(viewer.id)) return;
      const message = HandLeadSchema.safeParse(payload);
      if (message.success) inTurn(() => handLead(review, socket, message.data.memberId));
    });
    const tellRoom: Parameters<typeof showEntry>[2] = (shown) => review.to(room.review).emit("entry", shown);
    socket.on("showEntry", (payload: unknown) => {
      const message = controlLimit.take(viewer.id) && ShowEntrySchema.safeParse(payload);
      if (message && message.success) inTurn(() => showEntry(socket, message.data, tellRoom));
    });
    const knownPhotos = new Set<number>();
    socket.on("view", (payload: unknown) => {
      if (!viewLimit.take(viewer.id)) return;
      const message = ReviewViewSchema.safeParse(payload);
      if (!message.success) return;
      inTurn(async () => {
        // Only the leader's, and only of this meeting's photos.
        if (!socket.rooms.has(room.leader)) return;
        const { photoId } = message.data;
        if (!knownPhotos.has(photoId)) {
          if (!(await isMeetingPhoto(meetingId, photoId))) return;
          knownPhotos.add(photoId);
        }
        socket.data.view = { view: message.data, at: Date.now() };
        socket.to(room.review).emit("view", message.data);
      });
    });

    let wasLeading = false;
    socket.on("disconnecting", () => {
      wasLeading = socket.rooms.has(room.leader);
    });
    socket.on("disconnect", () => {
      review.to(room.review).emit("member.left", { socketId: socket.id, user: viewer });
      if (wasLeading) void endLeadIfGone(review, meetingId);
    });
  });
}

async function admit(cookieHeader: string | undefined, rawMeetingId: unknown): Promise<ReviewSocketData> {
  const { member, sessionId } = await memberOfHandshake(cookieHeader);
  const meetingId = meetingIdFrom(queryValue(rawMeetingId));
  if (!(await canSeeMeeting(member, meetingId))) throw new NotFoundError(MEETING_NOT_FOUND);
  return { viewer: liveViewerOf(member), meetingId, sessionId };
}

/**
 * A joiner learns who is there, who leads and the leader's latest view. A
 * member already leading or handed the lead in another window is so in this one too.
 */
async function welcome(review: ReviewRooms, socket: ReviewConnection) {
  const { viewer, meetingId } = socket.data;
  const room = rooms(meetingId);
  const [everyone, leaders, windows, member] = await Promise.all([
    review.in(room.review).fetchSockets(),
    review.in(room.leader).fetchSockets(),
    review.in(room.member(viewer.id)).fetchSockets(),
    memberNow(socket),
  ]);
  const others = windows.filter((window) => window.id !== socket.id);
  if (others.some((window) => window.rooms.has(room.mayLead))) void socket.join(room.mayLead);
  if (others.some((window) => window.rooms.has(room.leader))) void socket.join(room.leader);
  const leader = leaders[0]?.data.viewer ?? (socket.rooms.has(room.leader) ? viewer : null);
  const latest = leaders
    .map((s) => s.data.view)
    .filter((view) => view !== undefined)
    .sort((a, b) => b.at - a.at)[0];
  socket.emit("review", {
    me: viewer,
    members: presenceOf(everyone),
    leader,
    view: leader && latest ? aged(latest) : null,
    mayLead: mayLeadReview(member) || socket.rooms.has(room.mayLead),
    entry: latestEntryShown(everyone),
  });
}

/** The leader's last view as of now: its timers have run on since it was sent (this server's clock only). */
function aged({ view, at }: { view: ReviewView; at: number }): ReviewView {
  const since = Math.max(0, Date.now() - at);
  return {
    ...view,
    timerElapsedMs: view.timerElapsedMs === null ? null : view.timerElapsedMs + since,
    timer: view.timer && { ...view.timer, leftMs: view.timer.leftMs - since },
  };
}

/**
 * Puts the sockets of room `from` into room `to` (or out of it, with `leave`),
 * on every app process, and waits until that is published. socket.io's own
 * socketsJoin/socketsLeave do not wait, and with a cluster adapter each applies
 * only once its message is out: a leave and a join sent one after the other
 * could land in either order, taking a new leader out of the room they just joined.
 */
async function moveSockets(review: ReviewRooms, from: string, to: string, leave = false) {
  const opts = { rooms: new Set([from]), except: new Set<string>() };
  const adapter = review.adapter;
  await Promise.resolve(leave ? adapter.delSockets(opts, [to]) : adapter.addSockets(opts, [to]));
}

/** Makes `leader` (every window of theirs in the room) the only one leading, and then tells the room. */
async function setLeader(review: ReviewRooms, meetingId: number, leader: Viewer) {
  const room = rooms(meetingId);
  await moveSockets(review, room.leader, room.leader, true);
  await moveSockets(review, room.member(leader.id), room.leader);
  review.to(room.review).emit("leader", { leader });
}

/** The member the socket speaks for now; a socket whose session ended meanwhile is closed. */
async function rightsOf(socket: ReviewConnection): Promise<Member | null> {
  const member = await memberNow(socket);
  if (!member) socket.disconnect(true);
  return member;
}

/** A lead or hand-on refused: the member is told what they may do now (their window's Lead button follows). */
function refuse(socket: ReviewConnection, member: Member) {
  socket.emit("mayLead", mayLeadReview(member) || socket.rooms.has(rooms(socket.data.meetingId).mayLead));
}

/** An admin takes the lead from anyone; a member handed the lead takes it only while nobody leads. */
async function takeLead(review: ReviewRooms, socket: ReviewConnection) {
  const { viewer, meetingId } = socket.data;
  const room = rooms(meetingId);
  if (socket.rooms.has(room.leader)) return;
  const member = await rightsOf(socket);
  if (!member) return;
  const handed = socket.rooms.has(room.mayLead);
  const someoneElseLeads =
    !mayLeadReview(member) && (await review.in(room.leader).fetchSockets()).some((s) => s.data.viewer.id !== viewer.id);
  if (!mayTakeReviewLead(member, { handed, someoneElseLeads })) return refuse(socket, member);
  await setLeader(review, meetingId, viewer);
}

async function stopLeading(review: ReviewRooms, socket: ReviewConnection) {
  const room = rooms(socket.data.meetingId);
  if (!socket.rooms.has(room.leader)) return;
  await moveSockets(review, room.leader, room.leader, true);
  review.to(room.review).emit("leader", { leader: null });
}

/** The admin or the leader hands the lead to a member in the room, who may take it again later. */
async function handLead(review: ReviewRooms, socket: ReviewConnection, memberId: number) {
  const room = rooms(socket.data.meetingId);
  const rights = await rightsOf(socket);
  if (!rights) return;
  if (!mayHandReviewLead(rights, { leads: socket.rooms.has(room.leader) })) return refuse(socket, rights);
  const member = (await review.in(room.member(memberId)).fetchSockets())[0]?.data.viewer;
  if (!member) return;
  await moveSockets(review, room.member(memberId), room.mayLead);
  review.to(room.member(memberId)).emit("mayLead", true);
  await setLeader(review, socket.data.meetingId, member);
}

/** The leader's window left: if it was their last, nobody leads any more. */
async function endLeadIfGone(review: ReviewRooms, meetingId: number) {
  try {
    const room = rooms(meetingId);
    const leaders = await review.in(room.leader).fetchSockets();
    if (leaders.length === 0) review.to(room.review).emit("leader", { leader: null });
  } catch (error) {
    logger().error({ err: error }, "A review room's lead could not be ended");
  }
}

/** An anonymous meeting's names were revealed: its review room and its watching pages are told (after the commit). */
export function relayRevealToReviewRooms(io: RealtimeServer): () => void {
  return subscribe("meeting.revealed", ({ meetingId }) => {
    const room = rooms(meetingId);
    (io.of(REVIEW_NAMESPACE) as unknown as ReviewRooms).to([room.review, room.watch]).emit("revealed", { meetingId });
  });
}

// What members exchange live (docs/api.md, Live review socket): the
// socket.io events both ends are typed with, and the schemas the server checks
// every incoming message against before passing it on, since a client can send
// anything. Two namespaces: /photos (one room per photo: pointers, crops, who
// is viewing, comments) and /review (one room per meeting: who leads the
// review and the view the followers move with). Shared by the server and the
// browser's hooks.
import type { Socket } from "socket.io-client";
import { z } from "zod";
import type { CommentJson } from "~/lib/club-json";
import type { Award } from "~/lib/competitions";

/** A share of the photo's width or height: 0 is the left/top edge, 1 the right/bottom one. */
const fraction = z.number().finite().min(0).max(1);

/** A position on the photo as fractions of its width and height, so it means the same at any size. */
const point = z.object({ dx: fraction, dy: fraction });

export const PointerMessageSchema = point;

/**
 * One step of drawing a crop rectangle: start (first click), drag (the pointer
 * moved with the crop open), end (second click), cancel (Esc, or the crop is
 * taken away). The rectangle runs from `start` to `drag`/`end`.
 */
export const CropMessageSchema = z.discriminatedUnion("phase", [
  z.object({ phase: z.literal("start"), start: point }),
  z.object({ phase: z.literal("drag"), start: point, drag: point }),
  z.object({ phase: z.literal("end"), start: point, end: point }),
  z.object({ phase: z.literal("cancel") }),
]);

/**
 * The member a message came from, added by the server (a client cannot claim
 * to be someone else): every member is named so in every room, the owner of a
 * photo whose anonymous meeting is unrevealed too (access.server's liveViewerOf).
 */
export type Viewer = { id: number; firstName: string };

/** What a viewer sends. */
export type PointerInput = z.infer<typeof PointerMessageSchema>;
export type CropInput = z.infer<typeof CropMessageSchema>;
export type CropPhase = CropInput["phase"];

/** What the other viewers receive of a crop: the step and who drew it. */
export type CropMessage = CropInput & { user: Viewer };

/**
 * A pointer message as the other viewers receive it: who moved
 * (user id and first name) and where, in fractions of the image.
 */
export type PointerMessage = PointerInput & { user: Viewer };

/**
 * The pointers that moved in one tick of the server (pointer-frames.ts), the
 * latest message of each member. Sent as the arguments of one `pointer` emit
 * (`pointer(...frame)`), so a tick with one move is exactly the contract's pointer
 * message and a busy room still costs one message per tick; volatile, a lost
 * frame is replaced by the next. A viewer's own member's move is left out of
 * the frame sent to it.
 */
export type PointerFrame = PointerMessage[];

/** One connection in a room: a member with two windows on the same photo is there twice. */
export type Presence = { socketId: string; user: Viewer };

/** What a viewer receives on joining a photo's room: who they are, who is there, and the crops already drawn. */
export type PhotoRoomSnapshot = { me: Viewer; viewers: Presence[]; crops: CropMessage[] };

export interface ClientToServerEvents {
  pointer: (message: PointerInput) => void;
  crop: (message: CropInput) => void;
}

/** A comment as the viewers of its photo receive it: the photo's own `Comments` shape (no `Photo`). */
export type PhotoComment = Omit<CommentJson, "Photo">;

/** A comment that is gone (its author or an admin deleted it). */
export type DeletedComment = { id: number; PhotoId: number };

export interface ServerToClientEvents {
  pointer: (...frame: PointerFrame) => void;
  /** Another member's crop step (never the viewer's own member's); drags come coalesced, at most one per tick. */
  crop: (message: CropMessage) => void;
  /** Sent once to a viewer that has just joined. */
  room: (snapshot: PhotoRoomSnapshot) => void;
  "viewer.joined": (presence: Presence) => void;
  "viewer.left": (presence: Presence) => void;
  // Sent by the server only, after the change is committed; a viewer's own changes come back too.
  "comment.created": (comment: PhotoComment) => void;
  "comment.updated": (comment: PhotoComment) => void;
  "comment.deleted": (comment: DeletedComment) => void;
}

/** What the app processes tell each other (the socket.io adapter carries rooms across them; nothing more). */
export type InterServerEvents = Record<string, never>;

/** The client's socket on the photo namespace (for the client hook and the tests). */
export type PhotoViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// The review of a meeting ---------------------------------------------------------

/** The largest id PostgreSQL's integer holds. */
const id = z.number().int().positive().max(2_147_483_647);

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The leader's meeting timer (it lives in the leader's
 * browser, so followers had none): how long until its end (ms, negative once
 * past) and how many photos it is shared by, the one on screen included. A
 * duration again, so a follower counts to the same end on its own clock.
 */
export const LedTimerSchema = z.object({
  leftMs: z.number().int().min(-WEEK_MS).max(WEEK_MS),
  photosLeft: z.number().int().min(1).max(100_000),
});

/**
 * What a leader shows: the photo, the zoom (1x to 4x), the centre of the window
 * in image fractions (so it means the same on any screen) and how long the
 * leader's timer has run (ms), if it has. A duration, not the leader's clock
 * time: a follower whose clock is off by minutes still counts down with the
 * leader (review-book.ts turns it into a start on its own clock).
 */
export const ReviewViewSchema = z.object({
  photoId: id,
  zoom: z.number().finite().min(1).max(4),
  centerX: fraction,
  centerY: fraction,
  // At most a week: no review runs longer.
  timerElapsedMs: z.number().int().min(0).max(WEEK_MS).nullable(),
  /** The leader's timer, or null when the leader has none (older windows send nothing: none). */
  timer: LedTimerSchema.nullable().default(null),
});

export const HandLeadSchema = z.object({ memberId: id });

/**
 * What a competition night's screens show of an entry beside its picture: the entry alone, the
 * judge's comments, or its result (score and award). The host (an admin) chooses; the server reads
 * what goes with it.
 */
export const SCREEN_SHOWS = ["entry", "comments", "result"] as const;
export type ScreenShow = (typeof SCREEN_SHOWS)[number];
export const ShowEntrySchema = z.object({ photoId: id, show: z.enum(SCREEN_SHOWS) });
export type ShowEntry = z.infer<typeof ShowEntrySchema>;

/**
 * An entry's result or critique as the room's screens show it, read by the server when the host
 * shows it: only what `show` needs (the critique for 'comments'; the score, award and author for
 * 'result'), and the author only once the results are published.
 */
export type EntryShown = {
  photoId: number;
  show: ScreenShow;
  critique: string | null;
  score: number | null;
  scoreMax: number | null;
  award: Award | null;
  author: string | null;
};

export type ReviewView = z.infer<typeof ReviewViewSchema>;
export type LedTimer = z.infer<typeof LedTimerSchema>;

/** What a member receives on joining a meeting's review room. */
export type ReviewSnapshot = {
  me: Viewer;
  members: Presence[];
  leader: Viewer | null;
  /** The leader's latest view (null when nobody leads or the leader has not shown anything yet). */
  view: ReviewView | null;
  /** Whether this member may take the lead: an admin, or handed it. */
  mayLead: boolean;
  /** A competition's entry the host showed last (its comments or result), or null. */
  entry?: EntryShown | null;
};

export interface ReviewClientToServerEvents {
  /** Take the lead (an admin takes over from anyone; a member handed the lead, when nobody leads). */
  lead: () => void;
  stopLeading: () => void;
  /** The admin or the leader hands the lead to a member in the room. */
  handTo: (message: { memberId: number }) => void;
  /** The leader's view; anybody else's is dropped. */
  view: (view: ReviewView) => void;
  /** A competition's host (an admin) shows an entry's comments or result on every screen; anybody else's is dropped. */
  showEntry: (message: ShowEntry) => void;
}

export interface ReviewServerToClientEvents {
  review: (snapshot: ReviewSnapshot) => void;
  "member.joined": (presence: Presence) => void;
  "member.left": (presence: Presence) => void;
  /** Who leads now (null: nobody); a new leader's first view follows. */
  leader: (message: { leader: Viewer | null }) => void;
  view: (view: ReviewView) => void;
  /**
   * Whether this member may take the lead now: sent when the lead is handed to
   * them, and in answer to a lead or hand-on refused (their rights are read when
   * they ask: an admin demoted since joining is told false).
   */
  mayLead: (may: boolean) => void;
  /** What the host shows of a competition's entry now (to the whole room, the host's own windows too). */
  entry: (shown: EntryShown) => void;
  /** An admin revealed the meeting's names (anonymous review): load the page's data again. */
  revealed: (message: { meetingId: number }) => void;
}

export type ReviewSocket = Socket<ReviewServerToClientEvents, ReviewClientToServerEvents>;

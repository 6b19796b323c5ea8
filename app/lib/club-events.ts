// What a service can tell the rest of the site happened, and what each event
// carries (app/services/events.server.ts publishes them; app/realtime listens).
import type { CommentJson } from "~/lib/club-json";

export type CommentCopies = {
  photoId: number;
  comment: CommentJson;
  ownerSees?: { userId: number; comment: CommentJson };
};

export type ClubEvents = {
  /** Every session of a member ended (deactivation, a new password): close their live connections. */
  "sessions.ended": { userId: number };
  /** One session ended (log-out): close the live connections made with it. */
  "session.ended": { sessionId: string };
  /** A member was made an admin or stopped being one: what their live connections may do changed. */
  "member.rights.changed": { userId: number };
  /**
   * A member commented on a photo (published after the commit): the comment as
   * the photo's viewers see it, and while an anonymous meeting hides the photo's
   * owner, `ownerSees` as the owner's own windows may see it.
   */
  "comment.created": CommentCopies;
  /** A comment's author changed its body. */
  "comment.updated": CommentCopies;
  /** A comment was deleted, by its author or an admin. */
  "comment.deleted": { photoId: number; commentId: number };
  /** An admin revealed the authors of an anonymous meeting (after the commit): its pages and rooms show names. */
  "meeting.revealed": { meetingId: number; photoIds: number[] };
};

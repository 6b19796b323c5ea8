// The part of a socket's handshake every namespace shares: a logged-in member
// (the session cookie, as for pages), and refusals that say why in plain words
// while anything unexpected stays in the server's log.
import type { Member } from "~/services/auth/session.server";
import { memberFromCookieHeader, sessionIdFrom } from "~/services/auth/session.server";
import { DomainError, NotLoggedInError } from "~/services/errors.server";

export const NOT_LOGGED_IN = "unauthorized";
const SERVER_ERROR = "server error";

/** The member and session of a handshake's cookie; refuses a visitor. */
export async function memberOfHandshake(
  cookieHeader: string | undefined,
): Promise<{ member: Member; sessionId: string }> {
  const sessionId = await sessionIdFrom(cookieHeader);
  const member = sessionId ? await memberFromCookieHeader(cookieHeader) : null;
  if (!sessionId || !member) throw new NotLoggedInError(NOT_LOGGED_IN);
  return { member, sessionId };
}

/** The error the client receives: a refusal says why; anything else is logged here and stays here. */
export function refusal(error: unknown, what: string): Error {
  if (error instanceof DomainError) return new Error(error.message);
  console.error(`A ${what}'s handshake failed:`, error);
  return new Error(SERVER_ERROR);
}

/** A handshake query value as one string (socket.io gives string | string[] | undefined). */
export function queryValue(raw: unknown): string | undefined {
  return typeof raw === "string" ? raw : undefined;
}

// Rooms every namespace has, so a log-out or a deactivation can close a member's sockets.
export const memberRoom = (userId: number) => `member:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What an admission middleware reads from a socket and writes to it. */
type AdmittedSocket<D> = {
  request: { headers: { cookie?: string } };
  handshake: { query: Record<string, unknown> };
  data: D;
};

/**
 * A namespace's admission (its `use` middleware): `admit` checks the cookie and
 * the room named by the query's `queryName`, and gives the socket's data; a
 * refusal reaches the client as its reason (see `refusal`).
 */
export function admission<D>(
  queryName: string,
  what: string,
  admit: (cookieHeader: string | undefined, rawRoomId: unknown) => Promise<D>,
) {
  return (socket: AdmittedSocket<D>, next: (error?: Error) => void) => {
    admit(socket.request.headers.cookie, socket.handshake.query[queryName]).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => next(refusal(error, what)),
    );
  };
}

// Who is asking, as every layer names them: the session reads it, the access
// rules, services, routes and sockets take it. Here, not in the session
// service, so that the rules and the wire types need no service to name it.
import type { UserRow } from "@db/schema";

/** A logged-in member as the request sees them (no password hash). */
export type Member = Omit<UserRow, "passwordHash">;

// Who is asking, in lib/ so the access rules and the wire types name it without importing a service.
import type { UserRow } from "@db/schema";

/** A logged-in member as the request sees them (no password hash). */
export type Member = Omit<UserRow, "passwordHash">;

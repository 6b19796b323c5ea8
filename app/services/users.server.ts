// Members: creating them, finding them, and the shape the API returns.
import { count, or, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "@db/client.server";
import { users, type UserRow } from "@db/schema";
import type { NewMember } from "~/lib/account-schemas";
import { ValidationError } from "~/lib/http.server";
import { hashPassword } from "./password-hash.server";

/** The user as the API and the screens see it: never the password. */
export type UserJson = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isAdmin: boolean;
  bio: string | null;
  website: string | null;
  isPublic: boolean;
  license: string;
  acquireLicensePage: string | null;
  createdAt: string;
  picture: string | null;
  pictureUrl: string | null;
  pictureThumbUrl: string | null;
  deactivatedAt: string | null;
};

export function toUserJson(user: UserRow): UserJson {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    isAdmin: user.isAdmin,
    bio: user.bio,
    website: user.website,
    isPublic: user.isPublic,
    license: user.license,
    acquireLicensePage: user.acquireLicensePage,
    createdAt: user.createdAt.toISOString(),
    // Pictures arrive with the members issue (profile picture upload).
    picture: null,
    pictureUrl: null,
    pictureThumbUrl: null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
  };
}

const lower = (value: string) => value.trim().toLowerCase();

/** Finds a member by email or username, ignoring case. */
export async function findUserByLogin(identifier: string): Promise<UserRow | undefined> {
  const wanted = lower(identifier);
  const [user] = await db()
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${wanted}`, sql`lower(${users.email}) = ${wanted}`))
    .limit(1);
  return user;
}

export async function countUsers(database: Database | Transaction = db()): Promise<number> {
  const [row] = await database.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Refuses a username or email another member already has (case-insensitive). */
async function assertAvailable(database: Database | Transaction, member: Pick<NewMember, "username" | "email">) {
  const taken = await database
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower(member.username)}`, sql`lower(${users.email}) = ${lower(member.email)}`));
  const errors = [];
  if (taken.some((u) => lower(u.username) === lower(member.username)))
    errors.push({ path: "username", message: "Username is already taken." });
  if (taken.some((u) => lower(u.email) === lower(member.email)))
    errors.push({ path: "email", message: "Email is already in use." });
  if (errors.length) throw new ValidationError(errors);
}

/** Postgres says 23505 when a unique index refuses a row (a race past assertAvailable). */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return e.constraint ?? e.constraint_name ?? "";
  }
  return undefined;
}

export async function createMember(
  member: Omit<NewMember, "confirmPassword">,
  options: { isAdmin?: boolean; database?: Database | Transaction } = {},
): Promise<UserRow> {
  const database = options.database ?? db();
  await assertAvailable(database, member);
  const passwordHash = await hashPassword(member.password);
  try {
    const [user] = await database
      .insert(users)
      .values({
        username: member.username.trim(),
        firstName: member.firstName.trim(),
        lastName: member.lastName.trim(),
        email: member.email.trim(),
        passwordHash,
        isAdmin: options.isAdmin ?? false,
      })
      .returning();
    return user!;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    throw new ValidationError([
      constraint.includes("email")
        ? { path: "email", message: "Email is already in use." }
        : { path: "username", message: "Username is already taken." },
    ]);
  }
}

/** What the navbar needs of the logged-in member. */
export type NavMember = Pick<UserJson, "id" | "username" | "firstName" | "lastName" | "isAdmin" | "pictureThumbUrl">;

export function toNavMember(user: UserRow): NavMember {
  const json = toUserJson(user);
  return {
    id: json.id,
    username: json.username,
    firstName: json.firstName,
    lastName: json.lastName,
    isAdmin: json.isAdmin,
    pictureThumbUrl: json.pictureThumbUrl,
  };
}

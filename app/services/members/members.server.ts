// Members: creating them, finding them (as access.server.ts lets each viewer see them), and the shapes the API returns.
import { and, asc, count, eq, isNull, ne, or, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { users } from "@db/schema";
import type { NewMember } from "~/lib/account-schemas";
import { pick } from "~/lib/pick";
import { canSeeAccountOf, canSeeMember, membersVisibleTo, requireAdmin, type Viewer } from "~/services/access.server";
import { hashPassword } from "~/services/auth/password-hash.server";
import { memberColumns, type Member } from "~/services/auth/session.server";
import { InvalidError, NotFoundError } from "~/services/errors.server";
import { pictureFields } from "./picture-fields.server";
import {
  PUBLIC_MEMBER_FIELDS,
  NAV_MEMBER_FIELDS,
  type UserJson,
  type PublicMemberJson,
  type NavMember,
} from "~/lib/member-json";

export function toUserJson(user: Member): UserJson {
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
    commentEmails: user.commentEmails,
    meetingReminders: user.meetingReminders,
    license: user.license,
    acquireLicensePage: user.acquireLicensePage,
    createdAt: user.createdAt.toISOString(),
    ...pictureFields(user.pictureAssetId),
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
  };
}

export function toPublicMemberJson(user: Member): PublicMemberJson {
  return pick(toUserJson(user), PUBLIC_MEMBER_FIELDS);
}

/** The whole user for the member themself and for admins; the public profile for everyone else. */
export function memberJsonFor(viewer: Viewer, user: Member): UserJson | PublicMemberJson {
  return canSeeAccountOf(viewer, user) ? toUserJson(user) : toPublicMemberJson(user);
}

const lower = (value: string) => value.trim().toLowerCase();

export async function findUserById(id: number): Promise<Member | undefined> {
  const [user] = await db().select(memberColumns).from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByUsername(username: string): Promise<Member | undefined> {
  const [user] = await db()
    .select(memberColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${lower(username)}`)
    .limit(1);
  return user;
}

/** GET /api/users/{id}: the member as this viewer may see them; 404 when unknown or not visible. */
export async function findMemberForViewer(viewer: Viewer, id: number): Promise<UserJson | PublicMemberJson> {
  const member = await findUserById(id);
  if (!member || !canSeeMember(viewer, member)) throw new NotFoundError("Member not found.");
  return memberJsonFor(viewer, member);
}

/**
 * The member whose page (/members/{username}/...) is being opened, as the viewer
 * may see them: 404 for an unknown member or one the viewer may not see (a
 * visitor opening a non-public or deactivated member).
 */
export async function findMemberForPage(username: string, viewer: Viewer): Promise<PublicMemberJson> {
  const member = await findUserByUsername(username);
  if (!member || !canSeeMember(viewer, member)) throw new NotFoundError("Member not found.");
  return toPublicMemberJson(member);
}

/**
 * The members directory, by last then first name: the active members the viewer
 * may see; with `includeDeactivated` (admins only) the deactivated ones too.
 */
export async function listMembers(viewer: Viewer, options: { includeDeactivated?: boolean } = {}): Promise<Member[]> {
  if (options.includeDeactivated) requireAdmin(viewer);
  return db()
    .select(memberColumns)
    .from(users)
    .where(and(membersVisibleTo(viewer), options.includeDeactivated ? undefined : isNull(users.deactivatedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export async function countUsers(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Refuses a username or email another member already has (case-insensitive); `exceptId` is the member being edited. */
export async function assertAvailable(member: { username: string; email: string }, exceptId?: number) {
  const sameNameOrEmail = or(
    sql`lower(${users.username}) = ${lower(member.username)}`,
    sql`lower(${users.email}) = ${lower(member.email)}`,
  );
  const taken = await db()
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(exceptId === undefined ? sameNameOrEmail : and(sameNameOrEmail, ne(users.id, exceptId)));
  const errors = [];
  if (taken.some((u) => lower(u.username) === lower(member.username)))
    errors.push({ path: "username", message: "Username is already taken." });
  if (taken.some((u) => lower(u.email) === lower(member.email)))
    errors.push({ path: "email", message: "Email is already in use." });
  if (errors.length) throw new InvalidError(errors);
}

/** Postgres says 23505 when a unique index refuses a row (a race past assertAvailable). */
function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") return e.constraint ?? e.constraint_name ?? "";
  }
  return undefined;
}

/** A new member (the setup page, an accepted invite, registration, the user:create command). */
export async function createMember(
  member: Omit<NewMember, "confirmPassword">,
  options: { isAdmin?: boolean } = {},
): Promise<Member> {
  await assertAvailable(member);
  const passwordHash = await hashPassword(member.password);
  try {
    const [user] = await db()
      .insert(users)
      .values({
        username: member.username.trim(),
        firstName: member.firstName.trim(),
        lastName: member.lastName.trim(),
        email: member.email.trim(),
        passwordHash,
        isAdmin: options.isAdmin ?? false,
      })
      .returning(memberColumns);
    return user!;
  } catch (error) {
    throw takenError(error);
  }
}

/** A unique-index refusal as the field error it means; any other error as it is. */
export function takenError(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  return InvalidError.field(
    constraint.includes("email") ? "email" : "username",
    constraint.includes("email") ? "Email is already in use." : "Username is already taken.",
  );
}

export function toNavMember(user: Member): NavMember {
  return pick(toUserJson(user), NAV_MEMBER_FIELDS);
}

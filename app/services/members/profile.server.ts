// Editing a profile (/members/{username}/edit, /admin/members/{userId}, PATCH
// /api/users/{id}): a member edits themself, an admin edits anyone. Only admins
// may change who is an admin and when someone joined.
import type { Member } from "~/services/auth/session.server";
import { and, count, eq, isNull } from "drizzle-orm";
import { db } from "@db/client.server";
import { users, type UserRow } from "@db/schema";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { HttpError, ValidationError } from "~/server/http.server";
import { ProfileSchema, type ProfileInput } from "~/lib/member-schemas";
import { hashPassword } from "~/services/auth/password-hash.server";
import { afterPasswordChange } from "./passwords.server";
import { applyPictureChange } from "./pictures.server";
import { assertAvailable, findUserById, findUserByUsername, takenError, toUserJson } from "./members.server";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a 'Joined on' value names the same moment (a date: the same day; a date-time: the same second). */
export function sameJoinDate(value: string, current: Date): boolean {
  if (DATE_ONLY.test(value)) return value === current.toISOString().slice(0, 10);
  return Math.floor(Date.parse(value) / 1000) === Math.floor(current.getTime() / 1000);
}

/** A date alone is read as noon UTC, so it shows as that day in every time zone of the Americas and Europe. */
function joinDate(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T12:00:00Z` : value);
}

/** The member whose profile `editor` wants to edit, or 404/403. */
export async function profileToEdit(editor: Member, target: { id: number } | { username: string }): Promise<UserRow> {
  const member = "id" in target ? await findUserById(target.id) : await findUserByUsername(target.username);
  if (!member) throw new HttpError(404, "Member not found.");
  if (member.id !== editor.id && !editor.isAdmin) throw new HttpError(403, "You may only edit your own profile.");
  return member;
}

/**
 * PATCH /api/users/{id}: the body is the whole user (spec section 7), but a
 * field left out keeps its value, so partial updates work too.
 */
export function parseProfilePatch(current: UserRow, body: unknown): ProfileInput {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ValidationError([], "The request body must be a JSON object.");
  }
  const { createdAt: _createdAt, picture: _picture, isAdmin: _isAdmin, ...kept } = toUserJson(current);
  const parsed = ProfileSchema.safeParse({ ...kept, ...body });
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

/**
 * Reads the profile form's own encoding: an empty picture field means 'no
 * picture' (remove it), and for an admin an unchecked 'Administrator' box (which
 * sends nothing) means 'not an admin'. Non-admins have neither admin field.
 */
export function profileFromForm(
  value: ProfileInput,
  formData: FormData,
  editor: Pick<UserRow, "isAdmin">,
): ProfileInput {
  const picture = formData.get("picture");
  return {
    ...value,
    picture: typeof picture === "string" ? picture || null : undefined,
    isAdmin: editor.isAdmin ? (value.isAdmin ?? false) : value.isAdmin,
  };
}

async function activeAdminCount(): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)));
  return row?.n ?? 0;
}

export type ProfileUpdate = { member: Member; passwordChanged: boolean };

export async function updateProfile(editor: Member, targetId: number, input: ProfileInput): Promise<ProfileUpdate> {
  const target = await profileToEdit(editor, { id: targetId });

  const adminChange = input.isAdmin !== undefined && input.isAdmin !== target.isAdmin;
  const joinChange = input.createdAt !== undefined && !sameJoinDate(input.createdAt, target.createdAt);
  if (!editor.isAdmin && adminChange) throw new HttpError(403, "Only admins may change who is an admin.");
  if (!editor.isAdmin && joinChange) throw new HttpError(403, "Only admins may change when a member joined.");
  if (adminChange && input.isAdmin === false && !target.deactivatedAt && (await activeAdminCount()) <= 1) {
    throw new ValidationError([{ path: "isAdmin", message: "The club needs at least one admin." }]);
  }
  await assertAvailable(db(), input, target.id);

  // The picture goes first: a refused upload (422) leaves the rest unchanged too.
  await applyPictureChange(target.id, input.picture, editor.id);

  const changes: Partial<typeof users.$inferInsert> = {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    email: input.email,
    phone: input.phone,
    bio: input.bio,
    website: input.website,
    isPublic: input.isPublic,
    license: input.license,
    acquireLicensePage: input.acquireLicensePage,
    updatedAt: new Date(),
  };
  if (adminChange) changes.isAdmin = input.isAdmin;
  if (joinChange) changes.createdAt = joinDate(input.createdAt!);
  if (input.password) changes.passwordHash = await hashPassword(input.password);

  let member: Member | undefined;
  try {
    [member] = await db().update(users).set(changes).where(eq(users.id, target.id)).returning();
  } catch (error) {
    throw takenError(error);
  }
  if (!member) throw new HttpError(404, "Member not found.");
  if (input.password) await afterPasswordChange(member.id);
  return { member, passwordChanged: Boolean(input.password) };
}

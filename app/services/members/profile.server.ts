// Editing a profile (/members/{username}/edit, /admin/members/{userId}, PATCH
// /api/users/{id}): a member edits themself, an admin edits anyone. Only admins
// may change who is an admin and when someone joined, and the club always keeps
// one active admin.
import { and, asc, eq, isNull } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { users } from "@db/schema";
import {
  CURRENT_PASSWORD_NEEDED_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type ProfileInput,
  type ProfilePatch,
} from "~/lib/member-schemas";
import { isAdmin, mayEditProfile } from "~/services/access.server";
import { confirmOwnPassword } from "~/services/auth/login.server";
import { hashPassword } from "~/services/auth/password-hash.server";
import { memberColumns, type Member } from "~/services/auth/session.server";
import { ForbiddenError, InvalidError, NotFoundError } from "~/services/errors.server";
import { publish } from "~/services/events.server";
import { assertAvailable, findUserById, findUserByUsername, takenError } from "./members.server";
import { afterPasswordChange } from "./passwords.server";
import { changePicture, discardPicture, preparePicture, type PictureChange } from "./pictures.server";

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
export async function profileToEdit(editor: Member, target: { id: number } | { username: string }): Promise<Member> {
  const member = "id" in target ? await findUserById(target.id) : await findUserByUsername(target.username);
  if (!member) throw new NotFoundError("Member not found.");
  if (!mayEditProfile(editor, member)) throw new ForbiddenError("You may only edit your own profile.");
  return member;
}

/**
 * Reads the profile form's own encoding: an empty picture field means 'no
 * picture' (remove it), and for an admin an unchecked 'Administrator' box (which
 * sends nothing) means 'not an admin'. Non-admins have neither admin field.
 */
export function profileFromForm(value: ProfileInput, formData: FormData, editor: Member): ProfilePatch {
  const picture = formData.get("picture");
  return {
    ...value,
    picture: typeof picture === "string" ? picture || null : undefined,
    isAdmin: isAdmin(editor) ? (value.isAdmin ?? false) : value.isAdmin,
  };
}

/**
 * The active admins, locked until the transaction ends: two admins demoting
 * each other at once are decided one after the other, so the second sees the
 * first's change and the club is never left without an admin.
 */
async function lockActiveAdmins(): Promise<number[]> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

/**
 * A member changing their own password or e-mail address gives their current
 * password: a session left open on a shared computer must not be enough to
 * take the account over. An admin editing someone else is not asked.
 */
async function confirmItIsThem(editor: Member, target: Member, changes: ProfilePatch, address: string) {
  if (editor.id !== target.id) return;
  const emailChange = changes.email !== undefined && changes.email.toLowerCase() !== target.email.toLowerCase();
  if (!changes.password && !emailChange) return;
  if (!changes.currentPassword) throw InvalidError.field("currentPassword", CURRENT_PASSWORD_NEEDED_MESSAGE);
  if (!(await confirmOwnPassword(target, changes.currentPassword, address))) {
    throw InvalidError.field("currentPassword", CURRENT_PASSWORD_WRONG_MESSAGE);
  }
}

export type ProfileUpdate = { member: Member; passwordChanged: boolean };

/**
 * Saves a profile: the fields given (a field left out keeps its value), the
 * picture and the admin's fields, all in one transaction with the last-admin
 * check. A new picture is decoded before that transaction opens, once the
 * editor is known to be allowed (preparePicture), so the transaction is short.
 */
export async function updateProfile(
  editor: Member,
  targetId: number,
  changes: ProfilePatch,
  /** The client's address: a wrong current password counts against it as a failed log-in does. */
  address: string,
): Promise<ProfileUpdate> {
  await profileToEdit(editor, { id: targetId });
  // A refused upload (422) leaves the rest unchanged too.
  const prepared = await preparePicture(changes.picture, editor.id);
  let picture: PictureChange | undefined;
  let member: Member;
  try {
    member = await transaction(async () => {
      const activeAdmins = changes.isAdmin === false ? await lockActiveAdmins() : [];
      const target = await profileToEdit(editor, { id: targetId });

      const adminChange = changes.isAdmin !== undefined && changes.isAdmin !== target.isAdmin;
      const joinChange = changes.createdAt !== undefined && !sameJoinDate(changes.createdAt, target.createdAt);
      if (!isAdmin(editor) && adminChange) throw new ForbiddenError("Only admins may change who is an admin.");
      if (!isAdmin(editor) && joinChange) throw new ForbiddenError("Only admins may change when a member joined.");
      const demotingLastAdmin =
        adminChange &&
        changes.isAdmin === false &&
        !target.deactivatedAt &&
        activeAdmins.every((id) => id === target.id);
      if (demotingLastAdmin) throw InvalidError.field("isAdmin", "The club needs at least one admin.");
      await assertAvailable(
        { username: changes.username ?? target.username, email: changes.email ?? target.email },
        target.id,
      );
      await confirmItIsThem(editor, target, changes, address);

      picture = await changePicture(target.id, prepared);

      const [row] = await db()
        .update(users)
        .set({
          firstName: changes.firstName,
          lastName: changes.lastName,
          username: changes.username,
          email: changes.email,
          phone: changes.phone,
          bio: changes.bio,
          website: changes.website,
          isPublic: changes.isPublic,
          commentEmails: changes.commentEmails,
          meetingReminders: changes.meetingReminders,
          license: changes.license,
          acquireLicensePage: changes.acquireLicensePage,
          isAdmin: adminChange ? changes.isAdmin : undefined,
          createdAt: joinChange ? joinDate(changes.createdAt!) : undefined,
          passwordHash: changes.password ? await hashPassword(changes.password) : undefined,
          updatedAt: new Date(),
        })
        .where(eq(users.id, target.id))
        .returning(memberColumns);
      if (!row) throw new NotFoundError("Member not found.");
      if (changes.password) await afterPasswordChange(row.id);
      // Their open review rooms end, so a demoted admin's window stops offering the lead (after the commit).
      if (adminChange) publish("member.rights.changed", { userId: row.id });
      return row;
    });
  } catch (error) {
    await discardPicture(prepared).catch(() => {});
    throw takenError(error);
  }
  await picture?.afterCommit();
  return { member, passwordChanged: Boolean(changes.password) };
}

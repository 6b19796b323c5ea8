// The profile form's action, shared by /members/{username}/edit and
// /admin/members/{userId}: the same form, saved the same way.
import { ProfileSchema } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, readForm, replyToRefusal } from "~/server/forms.server";
import { newSessionFor, type Member } from "~/services/auth/session.server";
import { profileFromForm, updateProfile } from "~/services/members/profile.server";

export const PROFILE_UPDATED_MESSAGE = "Your account has been updated!";

/** The contract's text when members save their own profile; an admin saving someone else's hears about that member. */
export function profileUpdatedMessage(editor: Member, member: Member): string {
  return member.id === editor.id
    ? PROFILE_UPDATED_MESSAGE
    : `${member.firstName} ${member.lastName}'s profile has been updated!`;
}

const hideFields = ["password", "confirmPassword", "currentPassword"];

/**
 * Validates, saves, and goes to `redirectTo` with 'Your account has been
 * updated!' (or, for an admin saving someone else, 'Vivian Maier's profile has
 * been updated!'). A member who changed their own password stays logged in with a
 * fresh session (the others end).
 */
export async function saveProfileForm(
  request: Request,
  editor: Member,
  targetId: number,
  redirectTo: (member: Member) => string,
  /** The client's address: a wrong current password counts against it (login.server.ts). */
  address: string,
) {
  const formData = await readForm(request);
  const submission = await parseForm(request, ProfileSchema, formData);
  if (submission.status !== "success") return invalidForm(submission, { hideFields });
  try {
    const { member, passwordChanged } = await updateProfile(
      editor,
      targetId,
      profileFromForm(submission.value, formData, editor),
      address,
    );
    const headers =
      passwordChanged && member.id === editor.id
        ? { "Set-Cookie": await newSessionFor(request, member.id) }
        : undefined;
    return redirectWithFlash(redirectTo(member), profileUpdatedMessage(editor, member), { headers });
  } catch (error) {
    return replyToRefusal(submission, error, { hideFields });
  }
}

// The new-member form's action, shared by /register, /invites/{id} and
// /setup/{token}: the same form, the typed passwords never sent back, and the
// new member logged in on a fresh session and greeted where they land.
import type { z } from "zod";
import { NewMemberSchema, type NewMember } from "~/lib/account-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { invalidForm, parseForm, replyToRefusal } from "~/server/forms.server";
import { newSessionFor, type Member } from "~/services/auth/session.server";

export const ACCOUNT_CREATED_MESSAGE = "Your account has been created!";

const hideFields = ["password", "confirmPassword"];

/**
 * Validates, makes the member with `create`, and goes to `landing` logged in.
 * `otherwise`: the message for a failure nobody foresaw (logged), instead of the error screen.
 */
export async function signUpForm<Details extends NewMember = NewMember>(
  request: Request,
  create: (details: Details) => Promise<Member>,
  {
    landing,
    otherwise,
    schema = NewMemberSchema as unknown as z.ZodType<Details>,
  }: {
    landing: string;
    otherwise?: string;
    /** The form's schema when it asks more than a new member's details (the setup page: the club's name). */
    schema?: z.ZodType<Details>;
  },
) {
  const submission = await parseForm(request, schema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields });
  try {
    const member = await create(submission.value);
    return redirectWithFlash(landing, ACCOUNT_CREATED_MESSAGE, {
      headers: { "Set-Cookie": await newSessionFor(request, member.id) },
    });
  } catch (error) {
    return replyToRefusal(submission, error, { hideFields, otherwise });
  }
}

// Turning the services' refusals into Conform replies for the account and
// member forms: field errors under their fields, a message at the top.
import type { Member } from "~/services/auth/session.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { HttpError, ValidationError } from "~/server/http.server";
import { ProfileSchema } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { createSession } from "~/services/auth/session.server";
import { profileFromForm, updateProfile } from "~/services/members/profile.server";

type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

/**
 * A ValidationError becomes a 422 reply; an HttpError whose status is listed in
 * `asFormError` becomes a reply with its message on top; any other HttpError
 * is thrown as that status (the error screen); anything else is rethrown.
 */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error has occurred. Please try again.";

export function refusalReply(
  submission: Replyable,
  error: unknown,
  options: {
    hideFields?: string[];
    asFormError?: number[];
    /** Sign-up and invite forms (spec section 8): any other failure shows this message, and is logged. */
    otherwise?: string;
  } = {},
) {
  if (error instanceof ValidationError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const { path, message } of error.errors) (fieldErrors[path] ??= []).push(message);
    const formErrors = error.generalMessage ? [error.generalMessage] : undefined;
    return data(
      { result: submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields }) },
      { status: 422 },
    );
  }
  if (error instanceof HttpError) {
    if (options.asFormError?.includes(error.status)) {
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: options.hideFields }) },
        { status: error.status, headers: error.headers },
      );
    }
    if (!options.otherwise) throw data(error.message, { status: error.status });
  }
  if (options.otherwise) {
    console.error(error);
    const status = error instanceof HttpError ? error.status : 500;
    return data(
      { result: submission.reply({ formErrors: [options.otherwise], hideFields: options.hideFields }) },
      { status },
    );
  }
  throw error;
}

/** An HttpError from a loader's service call as the error screen with its status. */
export function asPageError(error: unknown): never {
  if (error instanceof HttpError) throw data(error.message, { status: error.status });
  throw error;
}

export const PROFILE_UPDATED_MESSAGE = "Your account has been updated!";

/**
 * The profile form's action, for both of its pages: validates, saves, and goes
 * to `redirectTo` with 'Your account has been updated!'. A member who changed
 * their own password stays logged in with a fresh session (the others end).
 */
export async function saveProfileForm(
  request: Request,
  editor: Member,
  targetId: number,
  redirectTo: (member: Member) => string,
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 422 });
  try {
    const { member, passwordChanged } = await updateProfile(
      editor,
      targetId,
      profileFromForm(submission.value, formData, editor),
    );
    const headers =
      passwordChanged && member.id === editor.id ? { "Set-Cookie": await createSession(member.id) } : undefined;
    return redirectWithFlash(redirectTo(member), PROFILE_UPDATED_MESSAGE, { headers });
  } catch (error) {
    return refusalReply(submission, error, { hideFields });
  }
}

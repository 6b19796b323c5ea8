// Turning the services' refusals into Conform replies for the account and
// member forms: field errors under their fields, a message at the top.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { HttpError, ValidationError } from "~/lib/http.server";

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

/**
 * A ValidationError becomes a 422 reply; an HttpError whose status is listed in
 * `asFormError` becomes a reply with its message on top; any other HttpError
 * is thrown as that status (the error screen); anything else is rethrown.
 */
export function refusalReply(
  submission: Replyable,
  error: unknown,
  options: { hideFields?: string[]; asFormError?: number[] } = {},
) {
  if (error instanceof ValidationError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const { path, message } of error.errors) (fieldErrors[path] ??= []).push(message);
    const formErrors = error.generalMessage ? [error.generalMessage] : undefined;
    return data({ result: submission.reply({ fieldErrors, formErrors, hideFields: options.hideFields }) }, { status: 422 });
  }
  if (error instanceof HttpError) {
    if (options.asFormError?.includes(error.status)) {
      return data(
        { result: submission.reply({ formErrors: [error.message], hideFields: options.hideFields }) },
        { status: error.status, headers: error.headers },
      );
    }
    throw data(error.message, { status: error.status });
  }
  throw error;
}

/** An HttpError from a loader's service call as the error screen with its status. */
export function asPageError(error: unknown): never {
  if (error instanceof HttpError) throw data(error.message, { status: error.status });
  throw error;
}

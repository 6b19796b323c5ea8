// The one way a page action reads its form and answers a refusal.
//
//   export async function action({ request }: Route.ActionArgs) {
//     const admin = await requireAdmin(request);
//     const submission = await parseForm(request, InviteSchema);
//     if (submission.status !== "success") return invalidForm(submission);
//     try {
//       await createInvite(admin, submission.value);
//     } catch (error) {
//       return replyToRefusal(submission, error, { otherwise: UNEXPECTED_ERROR_MESSAGE });
//     }
//     return redirectWithFlash("/admin/members", "Invite sent!");
//   }
//
// The same zod schema parses the page's form (here, through Conform) and the
// /api twin's JSON (apiRoute's `body`), so services take typed input only.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { requestLog } from "~/base/logger.server";
import { readBoundedFormData } from "./body-limit.server";
import { asPageError } from "./pages.server";
import { asRefusal, refusalForm, type Replyable } from "./refusals.server";

/** What sign-up and invite forms say when something unforeseen fails (docs/texts-and-limits.md). */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error has occurred. Please try again.";

/** The form a page posted (bounded: 413 past FORM_BODY_LIMIT_BYTES), parsed by its shared zod schema. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S, formData?: FormData) {
  return parseWithZod(formData ?? (await readForm(request)), { schema });
}

/** Reads a page's form once (bounded; a form past the limit is the 413 page, never a 500). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await readBoundedFormData(request);
  } catch (error) {
    throw asPageError(error);
  }
}

/** A form that failed its schema: 422 with the field errors under their fields. */
export function invalidForm(submission: Replyable, options: { hideFields?: string[] } = {}) {
  return data({ result: submission.reply({ hideFields: options.hideFields }) }, { status: 422 });
}

/**
 * A service's refusal as the form's answer: an InvalidError's field errors under
 * their fields (and its general message on top); any other refusal's message on
 * top, with its status. Anything unforeseen is rethrown to the error boundary,
 * or, with `otherwise` (the sign-up and invite forms), logged and
 * shown as that message.
 */
export function replyToRefusal(
  submission: Replyable,
  error: unknown,
  options: { hideFields?: string[]; otherwise?: string } = {},
) {
  const refusal = asRefusal(error);
  if (refusal) return refusalForm(refusal, submission, options);
  if (!options.otherwise) throw error;
  requestLog().error({ err: error }, "A form's action failed");
  const result = submission.reply({ formErrors: [options.otherwise], hideFields: options.hideFields });
  return data({ result }, { status: 500 });
}

/** A refusal for a form without fields (a button posted by a fetcher): `{ error }` with its status. */
export function refusalMessage(error: unknown) {
  const refusal = asRefusal(error);
  if (!refusal) throw error;
  return refusalForm(refusal);
}

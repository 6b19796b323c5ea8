// The one way a refusal becomes an answer. `asRefusal` decides what was thrown:
// a service's DomainError as it is, an outage of the database or the storage as
// the 503 it is (outages.server.ts), anything else is no refusal (null: the
// caller rethrows it, and it is logged as the error it is). Each answer then
// draws it with one of three renderers:
//
//   refusalJson(refusal)                the API's JSON: {message} or {message?, errors}
//   refusalForm(refusal, submission?)   a form's answer: field errors under their
//                                       fields, anything else on top ({error} for
//                                       a fetcher's button without fields)
//   refusalPage(refusal, body?)         the status a route's error boundary shows
//
// apiRoute, replyToRefusal/refusalMessage, page() (every route module's loader
// and action is written with it or apiRoute), the root loader and the photo
// media route go through it. The few answers Express makes before React Router
// (413, 403 cross-site, 400, the last handler's 500) are plainAnswer's
// (request-limits.server.ts): JSON under /api, a small page elsewhere.
import type { SubmissionResult } from "@conform-to/react";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { DomainError, InvalidError } from "~/services/errors.server";
import { refusalOf } from "./outages.server";

/** The status text a page shows for each refusal the services raise. */
export const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  507: "Insufficient Storage",
};

/** The refusal `thrown` is (an outage is one: 503), or null when it is an error of ours. */
export function asRefusal(thrown: unknown): DomainError | null {
  const error = refusalOf(thrown);
  return error instanceof DomainError ? error : null;
}

/** The API's JSON for a refusal: field errors under `errors`, the message on top. */
export function refusalJson(refusal: DomainError): Response {
  const init = { status: refusal.status, headers: refusal.headers };
  if (refusal instanceof InvalidError) {
    const message = refusal.generalMessage;
    return Response.json({ ...(message ? { message } : {}), errors: refusal.errors }, init);
  }
  return Response.json({ message: refusal.message }, init);
}

/** A Conform submission (parseForm's), which can reply with errors. */
export type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

/**
 * A form's answer: with a submission, Conform's reply (an InvalidError's field
 * errors under their fields, any message on top); without one (a fetcher's
 * button), `{ error }`.
 */
export function refusalForm(refusal: DomainError): DataWithResponseInit<{ error: string }>;
export function refusalForm(
  refusal: DomainError,
  submission: Replyable,
  options?: { hideFields?: string[] },
): DataWithResponseInit<{ result: SubmissionResult<string[]> }>;
export function refusalForm(refusal: DomainError, submission?: Replyable, options: { hideFields?: string[] } = {}) {
  const init = { status: refusal.status, headers: refusal.headers };
  if (!submission) return data({ error: refusal.message }, init);
  const { hideFields } = options;
  if (refusal instanceof InvalidError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const { path, message } of refusal.errors) (fieldErrors[path] ??= []).push(message);
    const formErrors = refusal.generalMessage ? [refusal.generalMessage] : undefined;
    return data({ result: submission.reply({ fieldErrors, formErrors, hideFields }) }, init);
  }
  return data({ result: submission.reply({ formErrors: [refusal.message], hideFields }) }, init);
}

/** The status page of a refusal, for the route's error boundary: its message, or `body` (the root's). */
export function refusalPage<T = string>(refusal: DomainError, body?: T) {
  return data(body ?? refusal.message, {
    status: refusal.status,
    statusText: STATUS_TEXT[refusal.status] ?? "Error",
    headers: refusal.headers,
  });
}

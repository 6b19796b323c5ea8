// The one way to write an /api resource route. A route module declares its
// methods and gets, for free and in this order:
//
//   405 with an Allow header for an undeclared method;
//   404 for a path id that is not a positive integer in the database's range;
//   403 for a state-changing request from another site (Origin, Sec-Fetch-Site);
//   401 / 403 from the declared access ("member", "admin");
//   413 for a body over its limit, 415 for a body that is not JSON,
//   422 for JSON that fails the declared zod schema (the contract's error shape);
//   the answer for any DomainError a service throws (errors.server.ts);
//   `Cache-Control: private, no-store`, since answers depend on who asks;
//   `url` on the site's public origin, so the links an answer writes (paging,
//   upload targets) never name a forged Host (public-origin.server.ts).
//
//   const resource = apiRoute({
//     params: { photoId: idParam("Photo not found.") },
//     methods: ({ anyone, member }) => ({
//       GET: anyone(({ viewer, params }) => getPhoto(viewer, params.photoId)),
//       PATCH: member({ body: PhotoEditSchema }, ({ member, params, body }) => updatePhoto(member, params.photoId, body)),
//     }),
//   });
//   export const loader = resource.loader; // plain exports: React Router's build
//   export const action = resource.action; // cannot strip destructured ones
//
// A handler returns the JSON body (status 200), a Response (another status or
// headers), or nothing (204).
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { currentMember, type Member } from "~/services/auth/session.server";
import { DomainError, ForbiddenError, InvalidError, NotFoundError, NotLoggedInError } from "~/services/errors.server";
import { readBoundedText, refuseNulCharacters } from "./body-limit.server";
import { CROSS_SITE_MESSAGE, isSameSite } from "~/base/same-site.server";
import { WRITTEN_AT_EDGE } from "./pages.server";
import { publicUrl } from "./public-origin.server";
import { asRefusal, refusalJson } from "./refusals.server";

/** JSON bodies of the API are small: a profile with a long bio is a few kilobytes. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

type ParamParsers = Record<string, (raw: string | undefined) => unknown>;
type ParsedParams<P extends ParamParsers> = { [K in keyof P]: ReturnType<P[K]> };

type Access = "anyone" | "member" | "admin";
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ApiContext<P extends ParamParsers, A extends Access, B = undefined, Q = undefined> = {
  request: Request;
  /** The request's path and query on the site's public origin (never the Host a client sent): build links from it. */
  url: URL;
  params: ParsedParams<P>;
  /** The client's address (throttles key on it), from the load context. */
  clientAddress: string;
  /** The logged-in member, or null for a visitor. */
  viewer: Member | null;
  /** The logged-in member: never null on "member" and "admin" methods. */
  member: A extends "anyone" ? Member | null : Member;
  /** The JSON body, parsed by the method's `body` schema. */
  body: B;
  /** The query parameters, parsed by the method's `query` schema. */
  query: Q;
};

type Options<BS, QS> = {
  /** The zod schema the JSON body must pass; without one, the body is not read. */
  body?: BS;
  /** The zod schema the query parameters (an object of strings) must pass. */
  query?: QS;
  /** A body limit other than API_BODY_LIMIT_BYTES. */
  maxBodyBytes?: number;
  /** The message on top of a 422 for a body or query that fails its schema (login and the password forms). */
  invalidMessage?: string;
};

/** One declared method: who may call it, what it reads, and what it does. */
type Entry = {
  access: Access;
  options: Options<z.ZodType | undefined, z.ZodType | undefined>;
  run: (context: ApiContext<ParamParsers, Access, unknown, unknown>) => unknown;
};

type Make<P extends ParamParsers, A extends Access> = {
  (run: (context: ApiContext<P, A>) => unknown): Entry;
  <BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
    options: Options<BS, QS>,
    run: (context: ApiContext<P, A, Out<BS>, Out<QS>>) => unknown,
  ): Entry;
};

type Builder<P extends ParamParsers> = {
  anyone: Make<P, "anyone">;
  member: Make<P, "member">;
  admin: Make<P, "admin">;
};

type Methods = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function maker(access: Access) {
  return ((first: unknown, second?: unknown) =>
    typeof first === "function"
      ? { access, options: {}, run: first }
      : { access, options: first, run: second }) as never;
}

const builder: Builder<ParamParsers> = { anyone: maker("anyone"), member: maker("member"), admin: maker("admin") };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

/**
 * Declares an /api resource: how its path parameters parse, and its methods,
 * each made by `anyone`, `member` or `admin` with optional body and query schemas.
 */
export function apiRoute<P extends ParamParsers = Record<never, never>>(spec: {
  params?: P;
  /** A resource that exists only while this holds (registration): else 404 to every method, before 405 or 422. */
  exists?: () => boolean;
  methods: (make: Builder<P>) => { [M in Methods]?: Entry };
}) {
  const methods = spec.methods(builder as unknown as Builder<P>);
  const declared = (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).filter((m) => methods[m]);
  const allow = [...declared, ...(methods.GET ? ["HEAD"] : [])].join(", ");

  async function handle({ request, params, context }: RouteArgs): Promise<Response> {
    if (spec.exists && !spec.exists()) return withNoStore(apiErrorResponse(new NotFoundError("Not Found")));
    const name = (request.method === "HEAD" ? "GET" : request.method) as Methods;
    const entry = methods[name];
    if (!entry) {
      return withNoStore(Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: allow } }));
    }
    try {
      const parsedParams = Object.fromEntries(
        Object.entries(spec.params ?? {}).map(([key, parse]) => [key, parse(params[key])]),
      );
      if (STATE_CHANGING.has(name)) refuseCrossSite(request);
      const viewer = await currentMember(request);
      if (entry.access !== "anyone" && !viewer) throw new NotLoggedInError();
      if (entry.access === "admin" && !viewer!.isAdmin) throw new ForbiddenError("Only admins may do that.");
      const url = publicUrl(request);
      const { body: bodySchema, query: querySchema, maxBodyBytes, invalidMessage } = entry.options;
      const query = querySchema
        ? parseOrInvalid(querySchema, Object.fromEntries(url.searchParams), invalidMessage)
        : undefined;
      const body = bodySchema
        ? parseOrInvalid(bodySchema, await readJsonBody(request, maxBodyBytes ?? API_BODY_LIMIT_BYTES), invalidMessage)
        : undefined;
      const { clientAddress } = context;
      const result = await entry.run({
        request,
        url,
        params: parsedParams,
        clientAddress,
        viewer,
        member: viewer,
        body,
        query,
      });
      if (result instanceof Response) return withNoStore(result);
      if (result === undefined) return withNoStore(new Response(null, { status: 204 }));
      return withNoStore(Response.json(result));
    } catch (error) {
      return withNoStore(apiErrorResponse(error));
    }
  }

  const answered: typeof handle = Object.assign(handle, { [WRITTEN_AT_EDGE]: true });
  return { loader: answered, action: answered };
}

/** Any refusal as the API's JSON; anything unexpected is rethrown (React Router logs it and answers 500). */
export function apiErrorResponse(thrown: unknown): Response {
  if (thrown instanceof Response) return thrown;
  const refusal = asRefusal(thrown);
  if (!refusal) throw thrown;
  return refusalJson(refusal);
}

function withNoStore(response: Response): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export function parseOrInvalid<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidError(fieldErrorsFromZod(parsed.error), message);
  return parsed.data;
}

class UnsupportedMediaTypeError extends DomainError {
  constructor() {
    super(415, "Send the request body as application/json.");
  }
}

/** Reads the JSON body within `limit` bytes: 413 past it, 415 when it is not JSON by type, 422 when it does not parse. */
async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  const text = await readBoundedText(request, limit);
  // An empty body is an empty object, so `DELETE` and bodiless `POST`s need no header.
  if (text.trim() === "") return {};
  // A form or text/plain body is what a cross-site <form> can send without asking: refuse it.
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) throw new UnsupportedMediaTypeError();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidError([], "The request body must be JSON.");
  }
  refuseNulCharacters(body);
  return body;
}

/** Refuses a state-changing request that a browser says came from another site (same-site.server.ts). */
export function refuseCrossSite(request: Request) {
  const facts = {
    origin: request.headers.get("Origin"),
    host: new URL(request.url).host,
    fetchSite: request.headers.get("Sec-Fetch-Site"),
  };
  if (!isSameSite(facts)) throw new ForbiddenError(CROSS_SITE_MESSAGE);
}

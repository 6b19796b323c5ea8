// Calls route modules' loaders and actions the way React Router does, so tests
// exercise the route, its service and the database together. The load context
// carries the client address a test set with runWithRequestFacts (app.ts's
// getLoadContext gives the real one).
import { clientAddress } from "~/base/request-context.server";

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return !!value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit";
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) return Response.json(value.data, value.init ?? {});
  return Response.json(value ?? null);
}

/** Runs a loader/action and returns the Response it returned or threw (redirects included). */
export async function call(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
  context = { clientAddress: clientAddress() },
): Promise<Response> {
  try {
    return toResponse(await (handler as Handler)({ request, params, context }));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return toResponse(thrown);
    throw thrown;
  }
}

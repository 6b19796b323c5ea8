import { NewMemberSchema } from "~/lib/account-schemas";
import { apiErrorResponse, apiRoute } from "~/server/api.server";
import { newSessionFor } from "~/services/auth/session.server";
import { NotFoundError } from "~/services/errors.server";
import { toUserJson } from "~/services/members/members.server";
import { registerMember, registrationOpen } from "~/services/members/registration.server";

// POST /api/auth/register: exists only when FEATURE_REGISTRATION is exactly 'true'.
const route = apiRoute({
  methods: ({ anyone }) => ({
    POST: anyone({ body: NewMemberSchema }, async ({ request, body }) => {
      const member = await registerMember(body);
      return Response.json(toUserJson(member), {
        status: 201,
        headers: { "Set-Cookie": await newSessionFor(request, member.id) },
      });
    }),
  }),
});

// Closed, it does not exist: 404 to every method and body, before apiRoute could answer 405 or 422.
type Handler = typeof route.loader;
const whileOpen =
  (handle: Handler): Handler =>
  async (args) => {
    if (registrationOpen()) return handle(args);
    const notFound = apiErrorResponse(new NotFoundError("Not Found"));
    notFound.headers.set("Cache-Control", "private, no-store");
    return notFound;
  };

export const loader = whileOpen(route.loader);
export const action = whileOpen(route.action);

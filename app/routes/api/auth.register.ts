import { NewMemberSchema } from "~/lib/account-schemas";
import { apiRoute } from "~/server/api.server";
import { newSessionFor } from "~/services/auth/session.server";
import { toUserJson } from "~/services/members/members.server";
import { registerMember, registrationOpen } from "~/services/members/registration.server";

// POST /api/auth/register: exists only when FEATURE_REGISTRATION is exactly 'true'
// (closed, every method and body is answered 404).
const route = apiRoute({
  exists: registrationOpen,
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

// Plain exports: React Router's build cannot strip a destructured `export const { loader, action }`.
export const loader = route.loader;
export const action = route.action;

import type { Route } from "./+types/auth.register";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { createSession } from "~/services/auth/session.server";
import { registerMember, requireRegistrationOpen } from "~/services/members/registration.server";
import { toUserJson } from "~/services/members/members.server";

// POST /api/auth/register: exists only when FEATURE_REGISTRATION is exactly 'true' (else 404).
export async function action({ request }: Route.ActionArgs) {
  return apiHandler(async () => {
    requireRegistrationOpen();
    if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
    const member = await registerMember(await readJson(request));
    return Response.json(toUserJson(member), {
      status: 201,
      headers: { "Set-Cookie": await createSession(member.id) },
    });
  });
}

export async function loader() {
  return apiHandler(async () => {
    requireRegistrationOpen();
    return jsonError(405, "Method Not Allowed");
  });
}

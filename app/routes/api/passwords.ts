import type { Route } from "./+types/passwords";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { RESET_REQUESTED_MESSAGE } from "~/lib/member-schemas";
import { requestPasswordReset } from "~/services/members/passwords.server";

// POST /api/passwords {email}: e-mail a reset link ('Email not found.' as 422 otherwise).
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    await requestPasswordReset(await readJson(request));
    return Response.json({ message: RESET_REQUESTED_MESSAGE });
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");

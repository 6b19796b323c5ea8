import { apiRoute } from "~/server/api.server";
import { destroySession } from "~/services/auth/session.server";

// GET /api/auth/logout: ends the session; 204 either way.
const resource = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone(
      async ({ request }) =>
        new Response(null, { status: 204, headers: { "Set-Cookie": await destroySession(request) } }),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

import { apiRoute } from "~/server/api.server";
import { toUserJson } from "~/services/members/members.server";

// GET /api/users/me: the logged-in member, or 204 when logged out (spec section 4).
export const { loader, action } = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone(({ viewer }) => (viewer ? toUserJson(viewer) : undefined)),
  }),
});

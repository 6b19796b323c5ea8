import { apiRoute } from "~/server/api.server";
import { toUserJson } from "~/services/members/members.server";

// GET /api/users/me: the logged-in member, or 204 when logged out.
const resource = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone(({ viewer }) => (viewer ? toUserJson(viewer) : undefined)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

import { MemberListQuerySchema } from "~/lib/member-schemas";
import { apiRoute } from "~/server/api.server";
import { listMembers, memberJsonFor } from "~/services/members/members.server";

// GET /api/users[?showAll=true]: the directory as the viewer may see it;
// showAll (admins only) includes deactivated members.
const resource = apiRoute({
  methods: ({ anyone }) => ({
    GET: anyone({ query: MemberListQuerySchema }, async ({ viewer, query }) => {
      const members = await listMembers(viewer, { includeDeactivated: query.showAll });
      return members.map((member) => memberJsonFor(viewer, member));
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

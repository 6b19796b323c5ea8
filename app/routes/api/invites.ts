import { InviteSchema } from "~/lib/member-schemas";
import { apiRoute } from "~/server/api.server";
import { createInvite, listOpenInvites, toInviteJson } from "~/services/members/invites.server";

// GET /api/invites: the pending invites (admins).
// POST /api/invites {firstName, lastName, email, message}: invite a person by e-mail (admins).
const resource = apiRoute({
  methods: ({ admin }) => ({
    GET: admin(async () => (await listOpenInvites()).map(toInviteJson)),
    POST: admin({ body: InviteSchema }, async ({ member, body }) =>
      Response.json(toInviteJson(await createInvite(member, body)), { status: 201 }),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

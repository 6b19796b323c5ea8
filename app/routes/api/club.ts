import { ClubPatchSchema } from "~/lib/club-schemas";
import { apiRoute } from "~/server/api.server";
import { getClub, patchClub } from "~/services/club/club-settings.server";

// GET /api/club (admins): the club's settings. PATCH /api/club (admins): any of them; the rest stay.
const resource = apiRoute({
  methods: ({ admin }) => ({
    GET: admin(({ member }) => getClub(member)),
    PATCH: admin({ body: ClubPatchSchema }, ({ member, body }) => patchClub(member, body)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

import { StandingsQuerySchema } from "~/lib/results-schemas";
import { apiRoute } from "~/server/api.server";
import { standings } from "~/services/meetings/standings.server";

// GET /api/standings?year=YYYY: the season's standings and its 'Photos of the year' candidates (members).
const resource = apiRoute({
  methods: ({ member }) => ({
    GET: member({ query: StandingsQuerySchema }, ({ member, query }) => standings(member, query.year)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

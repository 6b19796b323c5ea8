import { StandingsQuerySchema } from "~/lib/results-schemas";
import { apiRoute } from "~/server/api.server";
import { standings } from "~/services/meetings/standings.server";
import { categoryStandings } from "~/services/competitions/season.server";

// GET /api/standings?year=YYYY: the season's standings and its 'Photos of the year' candidates (members).
// GET /api/standings?year=YYYY&category=Mono: a competition category's season: points for awards and entries.
const resource = apiRoute({
  methods: ({ member }) => ({
    GET: member({ query: StandingsQuerySchema }, ({ member, query }) =>
      query.category ? categoryStandings(member, query.year, query.category) : standings(member, query.year),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;

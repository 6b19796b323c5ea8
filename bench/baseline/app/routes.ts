import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [index("routes/grid.tsx"), route("photos.json", "routes/json.ts")] satisfies RouteConfig;

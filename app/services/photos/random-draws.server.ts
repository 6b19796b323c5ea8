// The home page's random photos, drawn in bulk: one draw reads DRAW_SIZE ids
// from a random point (randomFeaturedIds) and their rows, and serves the next
// visits a window of `wanted` each, in turn, until it is used up; then a new
// draw from a new random point. Each visit still gets photos from a random place
// of the whole index, and visits in a row never repeat one. A draw holding every
// photo the viewer may see (fewer than DRAW_SIZE) is never used up: each visit
// takes a window from a random point of it. Draws are kept at the photos' data
// version this request reads (requestVersions; a feature, photo or member change
// starts over), per kind of viewer, since admins, members and visitors may see
// different members' photos. A member whose own photos are hidden from the
// others (an unrevealed anonymous meeting) draws on their own, uncached.
import { canSeePhotoDetails, type ViewerRef } from "~/services/access.server";
import { requestVersions, VersionedCache, type DataVersions } from "~/services/data-versions.server";
import { ownsHiddenPhotos } from "./hidden-authors.server";
import { loadPhotoRecords } from "./photo-records.server";
import { randomFeaturedIds } from "./queries.server";

const DRAW_SIZE = 240;
type Draw = { ids: number[]; taken: number; whole: boolean };
const draws = new VersionedCache<Draw>("photos", 10);
const drawing = new Map<string, { at: DataVersions; draw: Promise<Draw> }>();

function viewerKind(viewer: ViewerRef): "admin" | "member" | "visitor" {
  return viewer?.isAdmin ? "admin" : viewer ? "member" : "visitor";
}

function newDraw(viewer: ViewerRef, at: DataVersions): Promise<Draw> {
  const kind = viewerKind(viewer);
  const pending = drawing.get(kind);
  if (pending && pending.at.database === at.database && pending.at.photos === at.photos) return pending.draw;
  const draw = (async () => {
    const ids = await randomFeaturedIds(viewer, DRAW_SIZE);
    // Their rows now, in one query, rather than a query per visit.
    await loadPhotoRecords(ids, { withRatings: canSeePhotoDetails(viewer) });
    const made = { ids, taken: 0, whole: ids.length < DRAW_SIZE };
    draws.set(at, kind, made);
    return made;
  })().finally(() => {
    if (drawing.get(kind)?.draw === draw) drawing.delete(kind);
  });
  drawing.set(kind, { at, draw });
  return draw;
}

/** Up to `wanted` random featured photos the viewer may see, from the draw kept at this request's versions. */
export async function drawnFeaturedIds(viewer: ViewerRef, wanted: number): Promise<number[]> {
  const at = await requestVersions();
  if (!at || wanted * 2 > DRAW_SIZE || (await ownsHiddenPhotos(viewer))) return randomFeaturedIds(viewer, wanted);
  // Other visits may use up a fresh draw first; after a few tries, a draw of one's own.
  for (let tries = 0; tries < 3; tries++) {
    const draw = draws.get(at, viewerKind(viewer)) ?? (await newDraw(viewer, at));
    if (draw.whole) {
      const start = Math.floor(Math.random() * draw.ids.length);
      return [...draw.ids.slice(start), ...draw.ids.slice(0, start)].slice(0, wanted);
    }
    if (draw.taken + wanted <= draw.ids.length) {
      draw.taken += wanted;
      return draw.ids.slice(draw.taken - wanted, draw.taken);
    }
    if (draws.get(at, viewerKind(viewer)) === draw) await newDraw(viewer, at);
  }
  return randomFeaturedIds(viewer, wanted);
}

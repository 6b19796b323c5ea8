// The owner's reorderable year (dnd-kit: about 17 KB gzip) is fetched only for
// the owner of the year shown: everyone else's gallery is a plain grid. No
// Suspense boundary of its own: the gallery's loader awaits
// the code before the owner's year is rendered (the HTML holds it whole), and in
// the browser React's hydration waits for it (nothing above it shows a fallback).
import { use, type ComponentProps } from "react";
import { moduleLoader } from "./module-loader";
import type * as SortableModule from "./sortable-year-grid";

export const loadSortableYearGrid = moduleLoader(() => import("./sortable-year-grid"));

export function LazySortableYearGrid(props: ComponentProps<typeof SortableModule.SortableYearGrid>) {
  // An empty year has nothing to move: no code to wait for.
  if (props.photos.length === 0) return <p className="muted">No photos yet.</p>;
  const { SortableYearGrid } = use(loadSortableYearGrid());
  return <SortableYearGrid {...props} />;
}

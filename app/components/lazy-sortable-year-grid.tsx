// The owner's reorderable year (dnd-kit: about 17 KB gzip) is fetched only for
// the owner of the year shown: everyone else's gallery is a plain grid. No
// Suspense boundary of its own: the gallery's loader awaits
// the code before the owner's year is rendered (the HTML holds it whole), and
// entry.client.tsx waits for it before hydrating a page that holds one.
import { use, type ComponentProps } from "react";
import { moduleLoader } from "./module-loader";
import type * as SortableModule from "./sortable-year-grid";

export const loadSortableYearGrid = moduleLoader(() => import("./sortable-year-grid"));

/** Whether the page's HTML holds the owner's reorderable year (its move buttons). */
export const pageHoldsSortableYearGrid = () => document.querySelector(".move-forms, .drag-handle") !== null;

export function LazySortableYearGrid(props: ComponentProps<typeof SortableModule.SortableYearGrid>) {
  // An empty year has nothing to move: no code to wait for.
  if (props.photos.length === 0) return <p className="muted">No photos yet.</p>;
  const { SortableYearGrid } = use(loadSortableYearGrid());
  return <SortableYearGrid {...props} />;
}

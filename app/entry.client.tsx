// React Router's default client entry, but a page whose HTML holds a photo
// detail hydrates once the detail's code has come (it is a lazy chunk,
// components/lazy-photo-detail.tsx). Hydrating first would suspend inside the
// detail's boundary, and the root's first updates (useHydrated) would then
// switch that boundary to client rendering: the detail would vanish and come
// back, moving the page (CLS must stay 0). The same for a page opened on a
// photo's edit form (components/lazy-photo-edit-form.tsx) or an owner's
// reorderable year (components/lazy-sortable-year-grid.tsx).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPhotoDetail, pageHoldsPhotoDetail } from "~/components/detail/load-photo-detail";
import { loadPhotoEditForm, pageHoldsPhotoEditForm } from "~/components/load-photo-edit-form";
import { loadSortableYearGrid, pageHoldsSortableYearGrid } from "~/components/lazy-sortable-year-grid";

async function hydrate() {
  // Fetched side by side: a detail opened on its edit step holds two of them.
  await Promise.all([
    pageHoldsPhotoDetail() && loadPhotoDetail(),
    pageHoldsPhotoEditForm() && loadPhotoEditForm(),
    pageHoldsSortableYearGrid() && loadSortableYearGrid(),
  ]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();

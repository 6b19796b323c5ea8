// React Router's default client entry, but a page opened on a photo's edit form
// (components/lazy-photo-edit-form.tsx) or an owner's reorderable year
// (components/lazy-sortable-year-grid.tsx) hydrates once that lazy chunk has
// come. Hydrating first would suspend inside it, and the root's first updates
// (useHydrated) would then switch it to client rendering: it would vanish and
// come back, moving the page (CLS must stay 0).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPhotoEditForm, pageHoldsPhotoEditForm } from "~/components/load-photo-edit-form";
import { loadSortableYearGrid, pageHoldsSortableYearGrid } from "~/components/lazy-sortable-year-grid";

async function hydrate() {
  await Promise.all([
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

// The photo detail's module, fetched once (lazy-photo-detail.tsx renders it;
// entry.client.tsx waits for it before hydrating a page that holds a detail).
// Apart from lazy-photo-detail.tsx, whose stylesheets the client entry must not take.
import type * as DetailModule from "../photo-detail";

type Loaded = Promise<typeof DetailModule> & { status?: "fulfilled"; value?: typeof DetailModule };
let loading: Loaded | undefined;

/** The detail's module; once settled the promise is marked, so React's use() reads it without suspending. */
export function loadPhotoDetail(): Promise<typeof DetailModule> {
  if (!loading) {
    const promise: Loaded = import("../photo-detail");
    void promise.then((module) => {
      promise.status = "fulfilled";
      promise.value = module;
    });
    loading = promise;
  }
  return loading;
}

/** Whether the page's HTML holds a photo detail (photo-detail.tsx's figure). */
export const pageHoldsPhotoDetail = () => document.querySelector(".photo-detail-image") !== null;

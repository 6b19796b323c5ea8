// A module fetched once, on first ask, for code that only some screens need
// (the photo detail from a grid, the owner's edit form).

type Loaded<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/** A loader of the module `importer` brings; once settled its promise is marked, so React's use() reads it without suspending. */
export function moduleLoader<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Loaded<T> | undefined;
  return () => {
    if (!loading) {
      const promise: Loaded<T> = importer();
      promise.then(
        (module) => {
          promise.status = "fulfilled";
          promise.value = module;
        },
        // A fetch that failed (the network dropped) is tried again on the next ask.
        () => (loading = undefined),
      );
      loading = promise;
    }
    return loading;
  };
}

// The photo lists' sorts and the query of a list's address. Free of zod: the
// grid pages import them, and zod (about 25 KB gzip) is left to the forms that
// need it (photo-schemas.ts re-exports these; SortSchema checks the API's sort).
export const PHOTO_SORTS = [
  { value: "meeting", label: "Meeting" },
  { value: "createdAt", label: "Date Added" },
  { value: "takenAt", label: "Date Taken" },
  { value: "rating", label: "Rating" },
  { value: "myRating", label: "My Rating" },
] as const;
export type PhotoSort = (typeof PHOTO_SORTS)[number]["value"];
export const DEFAULT_SORT: PhotoSort = "meeting";

/** A sort from a page's query string: an unknown value falls back to the default. */
export function sortFrom(value: string | null): PhotoSort {
  return PHOTO_SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_SORT;
}

/** A page number from a page's query string: anything but a positive integer is page 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query of a photo list's address: its page and sort, each left out when it is the default. */
export function listQuery(sort: PhotoSort, page?: number): string {
  const params = new URLSearchParams();
  if (page && page > 1) params.set("page", String(page));
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  const query = params.toString();
  return query ? `?${query}` : "";
}

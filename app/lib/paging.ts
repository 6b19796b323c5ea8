// Page-number paging: the API's Link header and the
// pager's list of page numbers.

/** The same URL at another page, every other query parameter kept. */
export function pageUrl(url: URL, page: number): string {
  const copy = new URL(url);
  copy.searchParams.set("page", String(page));
  return copy.toString();
}

/** `Link: <...page=2>; rel="next", ...` with first, prev, next and last as they apply. */
export function linkHeader(url: URL, page: number, pageCount: number): string {
  const links: [string, number][] = [["first", 1]];
  if (page > 1) links.push(["prev", Math.min(page - 1, pageCount)]);
  if (page < pageCount) links.push(["next", page + 1]);
  links.push(["last", pageCount]);
  return links.map(([rel, target]) => `<${pageUrl(url, target)}>; rel="${rel}"`).join(", ");
}

export type PagerItem = { page: number } | { gap: string };

/**
 * The pager shows the first, previous, current, next and last pages, with an
 * ellipsis wherever pages are left out: 1 … 4 5 6 … 12.
 */
export function pagerItems(page: number, pageCount: number): PagerItem[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const items: PagerItem[] = [];
  wanted.forEach((n, index) => {
    const previous = wanted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push({ gap: `gap-after-${previous}` });
    items.push({ page: n });
  });
  return items;
}

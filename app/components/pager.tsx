import { useLocation } from "react-router";
import { pagerItems } from "~/lib/paging";
import { useFollowLink } from "./use-follow-link";
import "./photos.css";
import "./photo-page.css";

/** The same page at another page number, keeping the other query parameters (sort). */
export function usePageHref() {
  const location = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `${location.pathname}?${params}`;
  };
}

/**
 * First, previous, current, next and last pages, with ellipses where pages are left out;
 * plain links the router follows (use-follow-link.ts).
 */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const hrefFor = usePageHref();
  const follow = useFollowLink();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <ol>
        {pagerItems(page, pageCount).map((item) =>
          "gap" in item ? (
            <li key={item.gap}>
              <span className="pager-gap" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={item.page}>
              <a
                href={hrefFor(item.page)}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? "page" : undefined}
                data-discover="true"
                onClick={follow}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

import { Link } from "react-router";
import "./photos.css";
import "./photo-page.css";

/** A member's gallery pages: 'All' (members only) and each year, newest first. */
export function YearPager({
  username,
  years,
  showAll,
  current,
}: {
  username: string;
  years: number[];
  showAll: boolean;
  current: "all" | number;
}) {
  const base = `/members/${encodeURIComponent(username)}`;
  const entries: { key: string; label: string; active: boolean }[] = [
    ...(showAll ? [{ key: "all", label: "All", active: current === "all" }] : []),
    ...years.map((year) => ({ key: String(year), label: String(year), active: current === year })),
  ];
  return (
    <nav className="year-pager" aria-label="Years">
      <ul>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link to={`${base}/${entry.key}`} aria-current={entry.active ? "page" : undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

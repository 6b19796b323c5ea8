// The members' tabs under a photo: the strip (links to each
// tab's address, so they work without JavaScript; with it, a click or the keys
// change the tab in place) and one panel per tab. Which tabs, their order and
// names are in photo-tabs.ts.
import type { KeyboardEvent } from "react";
import { TAB_NAMES, tabAfterKey, type PhotoTab } from "./photo-tabs";
import type { PhotoTabChoice } from "./use-photo-tab";
import "./photo-tab-strip.css";

export function PhotoTabStrip({
  choice,
  counts,
  panels,
  children,
}: {
  choice: PhotoTabChoice;
  /** A number shown on a tab (the comments' count), when there is one. */
  counts: Partial<Record<PhotoTab, number>>;
  /** Each tab's panel. */
  panels: Record<PhotoTab, React.ReactNode>;
  /** After the panels: what belongs to the tabs as a whole. */
  children?: React.ReactNode;
}) {
  const { tabs, tab, hrefOf, choose } = choice;

  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const to = tabAfterKey(tabs, tab, event.key);
    if (!to) return;
    // The arrows move between the tabs here, not between photos.
    event.preventDefault();
    choose(to);
    document.getElementById(`photo-tab-${to}`)?.focus();
  };

  return (
    <div className="photo-tabs">
      <div role="tablist" aria-label="About this photo" className="tab-list">
        {tabs.map((name) => (
          <a
            key={name}
            id={`photo-tab-${name}`}
            role="tab"
            href={hrefOf(name)}
            aria-selected={tab === name}
            aria-controls={`photo-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            onKeyDown={onTabKey}
            onClick={(event) => {
              event.preventDefault();
              choose(name);
            }}
          >
            {TAB_NAMES[name]}
            {counts[name] ? <span className="tab-count">{counts[name]}</span> : null}
          </a>
        ))}
      </div>
      {tabs.map((name) => (
        // A tab's panel, named by its tab and hidden while another tab is shown.
        <div
          key={name}
          role="tabpanel"
          id={`photo-panel-${name}`}
          aria-labelledby={`photo-tab-${name}`}
          hidden={tab !== name}
        >
          {panels[name]}
        </div>
      ))}
      {children}
    </div>
  );
}

// The tabs under a photo for members: which there are, in
// what order, which one a photo opens on, and how the choice rides along in
// the address (`?tab=`), so it survives a reload, the previous/next links and
// pages without JavaScript. Kept apart from React so it can be tested on its own.

/** The members' tabs under a photo; 'notes' is the owner's only. */
export type PhotoTab = "comments" | "details" | "notes";

/** The tab strip, in its order. */
export const PHOTO_TABS: readonly PhotoTab[] = ["comments", "details", "notes"];

/**
 * The tab a photo opens on when its address names none: the conversation, as on
 * every photo site (the camera's details are a click away, the count alone said little).
 */
export const DEFAULT_PHOTO_TAB: PhotoTab = "comments";

export const TAB_NAMES: Record<PhotoTab, string> = {
  comments: "Comments",
  details: "Details",
  notes: "My Private Notes",
};

export const TAB_PARAM = "tab";

/** The tabs a member sees: the owner's private notes only for the owner. */
export const tabsFor = (isOwner: boolean): PhotoTab[] => PHOTO_TABS.filter((tab) => tab !== "notes" || isOwner);

/** The tab an address names (`?tab=`), when it is one of `tabs`; else the default. */
export function tabInAddress(search: string, tabs: readonly PhotoTab[], defaultTab: PhotoTab): PhotoTab {
  const named = new URLSearchParams(search).get(TAB_PARAM);
  return tabs.find((tab) => tab === named) ?? defaultTab;
}

/** `href` with the tab in its query (left out when it is the default), so the next photo opens on the same tab. */
export function withTab(href: string, tab: PhotoTab, defaultTab: PhotoTab): string {
  const url = new URL(href, "http://club.invalid");
  if (tab === defaultTab) url.searchParams.delete(TAB_PARAM);
  else url.searchParams.set(TAB_PARAM, tab);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A tab's own address on this page: the tab, without a comment's edit or delete step. */
export function tabHref(pathname: string, search: string, tab: PhotoTab, defaultTab: PhotoTab): string {
  const params = new URLSearchParams(search);
  params.delete("editComment");
  params.delete("deleteComment");
  return withTab(`${pathname}?${params}`, tab, defaultTab);
}

/** The tab a key moves to from `tab` (the arrows round the strip, Home and End), or null for any other key. */
export function tabAfterKey(tabs: readonly PhotoTab[], tab: PhotoTab, key: string): PhotoTab | null {
  const at = tabs.indexOf(tab);
  const to =
    key === "ArrowRight"
      ? tabs[(at + 1) % tabs.length]
      : key === "ArrowLeft"
        ? tabs[(at - 1 + tabs.length) % tabs.length]
        : key === "Home"
          ? tabs[0]
          : key === "End"
            ? tabs.at(-1)
            : undefined;
  return to ?? null;
}

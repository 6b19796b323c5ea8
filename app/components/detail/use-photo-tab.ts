// The tab shown under a photo: the address's `?tab=`, or the one just chosen,
// which is written into the address without reloading the page (the page's
// data does not change with the tab). The rules are in photo-tabs.ts.
import { useState } from "react";
import { useLocation } from "react-router";
import { tabHref, tabInAddress, type PhotoTab } from "./photo-tabs";

export function usePhotoTab(tabs: PhotoTab[], defaultTab: PhotoTab) {
  const location = useLocation();
  const [chosen, setChosen] = useState<{ locationKey: string; tab: PhotoTab } | null>(null);
  // A choice holds on the address it was made on; another address (the next photo) says its own.
  const tab =
    chosen?.locationKey === location.key && tabs.includes(chosen.tab)
      ? chosen.tab
      : tabInAddress(location.search, tabs, defaultTab);
  const hrefOf = (to: PhotoTab) => tabHref(location.pathname, location.search, to, defaultTab);
  const choose = (to: PhotoTab) => {
    setChosen({ locationKey: location.key, tab: to });
    window.history.replaceState(window.history.state, "", hrefOf(to));
  };
  return { tabs, tab, hrefOf, choose };
}

export type PhotoTabChoice = ReturnType<typeof usePhotoTab>;

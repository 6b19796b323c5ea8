// Whether the page's JavaScript is running: false on the server and while
// hydrating, true after. Forms that work without JavaScript use it to send what
// only a plain post needs (a returnTo), and controls to switch from links to
// buttons once there is script to answer them.
import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

import { useEffectEvent, useLayoutEffect } from "react";

/**
 * Words typed into a box before the page's script ran stay the member's. Until
 * the page hydrates the browser owns the server's box and keeps every key; the
 * controlled box's next render would then set it back to its state, the server's
 * value (a note's first words were lost so on a slow phone). As the box mounts,
 * a value of its own becomes the state, through the same `adopt` typing uses,
 * so it is counted and saved like any typing. Later changes go through onChange.
 */
export function useTypedBeforeHydration(boxId: string, value: string, adopt: (typed: string) => void) {
  const adoptTyped = useEffectEvent(() => {
    const box = document.getElementById(boxId);
    if (box instanceof HTMLTextAreaElement && box.value !== value) adopt(box.value);
  });
  // Once, as the box mounts: hydration is the only time the box can run ahead of the state.
  useLayoutEffect(() => adoptTyped(), []);
}

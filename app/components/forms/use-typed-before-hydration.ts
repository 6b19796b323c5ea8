import { useEffectEvent, useLayoutEffect } from "react";

/**
 * Keeps words typed before hydration: the controlled box's first render would set it back to the
 * server's value (a slow phone lost a note's first words). They go through `adopt`, as typing does.
 */
export function useTypedBeforeHydration(boxId: string, value: string, adopt: (typed: string) => void) {
  const adoptTyped = useEffectEvent(() => {
    const box = document.getElementById(boxId);
    if (box instanceof HTMLTextAreaElement && box.value !== value) adopt(box.value);
  });
  // Once, as the box mounts: hydration is the only time the box can run ahead of the state.
  useLayoutEffect(() => adoptTyped(), []);
}

// The viewer is a modal layer over the page: rendered into <body>, with the
// rest of the page inert (no focus, clicks or screen reader) while it is open,
// and focus back where it was when it closes.
import { useLayoutEffect } from "react";

export function useModalLayer(host: HTMLElement) {
  useLayoutEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.appendChild(host);
    const made = [...document.body.children].filter(
      (child): child is HTMLElement => child !== host && child instanceof HTMLElement && !child.inert,
    );
    made.forEach((child) => (child.inert = true));
    document.documentElement.classList.add("viewer-open");
    return () => {
      made.forEach((child) => (child.inert = false));
      document.documentElement.classList.remove("viewer-open");
      host.remove();
      // Back where it was; the 'Full screen' control when the viewer was opened by its address.
      const target =
        returnTo?.isConnected && returnTo !== document.body ? returnTo : document.getElementById("photo-full-screen");
      target?.focus();
    };
  }, [host]);
}

/** A 'from' location to go back to after logging in: only paths on this site. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Never bounce back to pages that only make sense logged out.
  if (/^\/(login|logout|setup)(\/|\?|$)/.test(to)) return fallback;
  return to;
}

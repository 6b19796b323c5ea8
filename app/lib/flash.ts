// Flash messages travel in navigation state: navigate(to, { state: { flash: "Invite sent!" } }).

export function flashFromState(state: unknown): string | null {
  if (state && typeof state === "object" && "flash" in state && typeof state.flash === "string") return state.flash;
  return null;
}

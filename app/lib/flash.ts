// Flash messages travel in navigation state: navigate(to, { state: flashState('Invite sent!') }).

export function flashState(message: string) {
  return { flash: message };
}

export function flashFromState(state: unknown): string | null {
  if (state && typeof state === "object" && "flash" in state && typeof state.flash === "string") return state.flash;
  return null;
}

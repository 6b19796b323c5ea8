// The colour a member's pointer and crop are drawn in over a photo: the same
// for that member on every screen and every night (it depends on the id alone),
// different enough between neighbours, and readable on any photo (dark enough
// for white text on it, drawn with a contrasting outline by the viewer).

/** The golden angle spreads consecutive ids around the colour wheel, far apart. */
const GOLDEN_ANGLE = 137.508;

/** A stable colour for a member: an `hsl()` of full-ish saturation and middle lightness. */
export function memberColour(memberId: number): string {
  const id = Math.abs(Math.trunc(memberId)) || 0;
  const hue = Math.round((id * GOLDEN_ANGLE) % 360);
  // Two lightness steps, alternating, so members whose hues land close still differ.
  const lightness = id % 2 === 0 ? 42 : 36;
  return `hsl(${hue} 85% ${lightness}%)`;
}

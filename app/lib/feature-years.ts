// Which years a photo may be featured in: from the
// later of the year its owner joined and the year it was taken, up to this year.
import { onCameraClock } from "./photo-details";

/** The calendar year on the camera's clock: the UTC instant moved by the camera's own offset ('+02:00'). */
export function yearOnCameraClock(takenAt: Date, offset: string | null): number {
  return onCameraClock(takenAt, offset).getUTCFullYear();
}

/** The years to offer, newest first; empty when the photo was taken after this year (a wrong camera clock). */
export function featureYears(
  joinedAt: Date,
  takenAt: Date | null,
  takenAtOffset: string | null,
  now = new Date(),
): number[] {
  const thisYear = now.getFullYear();
  const from = Math.max(joinedAt.getFullYear(), takenAt ? yearOnCameraClock(takenAt, takenAtOffset) : 0);
  const years: number[] = [];
  for (let year = thisYear; year >= from; year--) years.push(year);
  return years;
}

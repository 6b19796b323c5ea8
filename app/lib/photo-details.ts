// How a photo's facts read in its details panel (members only): the camera name
// and exposure from the stored EXIF subset, and the time on the camera's clock.
import type { PhotoMetadata } from "@db/schema";

/**
 * EXIF Make and Model often repeat the maker ('Canon' + 'Canon EOS R5'), so a
 * model that already starts with the make (or its first word: 'NIKON CORPORATION'
 * + 'NIKON D70') is shown alone.
 */
export function cameraName(make: string | null | undefined, model: string | null | undefined): string | null {
  const maker = make?.trim() ?? "";
  const name = model?.trim() ?? "";
  if (!name) return maker || null;
  if (!maker) return name;
  const firstWord = maker.split(/\s+/)[0]!.toLowerCase();
  if (name.toLowerCase().startsWith(maker.toLowerCase()) || name.toLowerCase().split(/\s+/)[0] === firstWord)
    return name;
  return `${maker} ${name}`;
}

/**
 * The instant moved by the camera's own UTC offset ('+02:00'), so its UTC fields
 * read as the camera's clock did; unchanged when the offset is unknown.
 */
export function onCameraClock(takenAt: Date, offset: string | null): Date {
  const match = offset?.match(/^([+-])(\d{2}):?(\d{2})$/);
  if (!match) return takenAt;
  const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === "-" ? -1 : 1);
  return new Date(takenAt.getTime() + minutes * 60_000);
}

/** 'May 1, 2024, 10:00 AM' as the camera's clock read (its own UTC offset), or UTC when unknown. */
export function formatTakenAt(takenAt: Date, offset: string | null): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
    onCameraClock(takenAt, offset),
  );
}

export type CameraDetail = { label: string; value: string };

/** The camera lines of the details panel, in reading order, leaving out what the file did not say. */
export function cameraDetails(exif: NonNullable<PhotoMetadata["exif"]>): CameraDetail[] {
  const text = (field: keyof typeof exif) => {
    const value = exif[field];
    return value ? String(value.description || value.value) : null;
  };
  const lines: [string, string | null][] = [
    ["Camera", cameraName(text("Make"), text("Model"))],
    ["Lens", text("LensModel")],
    ["Focal length", text("FocalLength")],
    ["Aperture", text("FNumber")],
    ["Shutter speed", text("ShutterSpeedValue")],
    ["ISO", text("ISOSpeedRatings")],
  ];
  return lines.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

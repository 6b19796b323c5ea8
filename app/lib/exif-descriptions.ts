// How a camera's settings read ('f/2.8', '1/250', '23.0 mm'): stored beside each EXIF value.

/** 'f/2.8' */
export const apertureDescription = (fNumber: number) => `f/${Number(fNumber.toFixed(1))}`;

/** '23.0 mm' */
export const focalLengthDescription = (millimetres: number) => `${millimetres.toFixed(1)} mm`;

/** '1/250' for fractions of a second, '2s' for long exposures. */
export function exposureDescription(seconds: number): string {
  if (seconds <= 0) return "0";
  if (seconds < 1) return `1/${Math.round(1 / seconds)}`;
  return `${Number(seconds.toFixed(1))}s`;
}

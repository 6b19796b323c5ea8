// A photo's texts' most characters, read by the server's schemas (photo-schemas.ts) and by
// their fields (a count near it: forms/length-counter.tsx). Free of zod, so the notes box on
// every photo page does not bring it (docs/performance.md, "Script budget").
export const MAX_CAPTION_LENGTH = 500;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_NOTES_LENGTH = 20000;
export const MAX_LINK_LENGTH = 2048;

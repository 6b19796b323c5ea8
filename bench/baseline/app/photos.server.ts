// The 24 photos both baseline routes answer: the body the club's GET /api/photos
// gave (bench/throughput.ts writes it to BASELINE_PHOTOS), held in memory.
import fs from "node:fs";

export type BaselinePhoto = { id: number; caption: string | null; thumbUrl: string | null; User: { username: string } };

export const photos = JSON.parse(fs.readFileSync(process.env.BASELINE_PHOTOS!, "utf8")) as BaselinePhoto[];
export const body = JSON.stringify(photos);

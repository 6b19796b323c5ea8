// Demo photos for the seed: generated street scenes (buildings against a sky, a
// sun, a figure) so the demo club has something to look at without shipping
// anyone's photographs in the repository.
import sharp from "sharp";

// A small deterministic generator, so every seed makes the same club.
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const palettes = [
  ["#1d3557", "#457b9d", "#a8dadc", "#f1faee", "#e63946"],
  ["#22223b", "#4a4e69", "#9a8c98", "#c9ada7", "#f2e9e4"],
  ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
  ["#0b090a", "#161a1d", "#660708", "#a4161a", "#e5383b"],
  ["#283618", "#606c38", "#fefae0", "#dda15e", "#bc6c25"],
];

export async function streetScene(seed: number, width = 2400, height = 1600): Promise<Buffer> {
  const random = seededRandom(seed);
  const palette = palettes[seed % palettes.length]!;
  const pick = () => palette[Math.floor(random() * palette.length)]!;
  const shapes: string[] = [];
  let x = 0;
  while (x < width) {
    const w = 120 + random() * 360;
    const h = height * (0.3 + random() * 0.55);
    shapes.push(
      `<rect x="${x.toFixed(0)}" y="${(height - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${pick()}"/>`,
    );
    for (let wy = height - h + 40; wy < height - 80; wy += 90) {
      for (let wx = x + 25; wx < x + w - 40; wx += 70) {
        if (random() < 0.45)
          shapes.push(
            `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="30" height="45" fill="${pick()}" opacity="0.8"/>`,
          );
      }
    }
    x += w + 10;
  }
  const figureX = width * (0.2 + random() * 0.6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[3]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${(width * (0.1 + random() * 0.8)).toFixed(0)}" cy="${(height * 0.2).toFixed(0)}" r="${(60 + random() * 80).toFixed(0)}" fill="${palette[4]}" opacity="0.9"/>
    ${shapes.join("")}
    <rect x="0" y="${height - 70}" width="${width}" height="70" fill="${palette[1]}"/>
    <ellipse cx="${figureX.toFixed(0)}" cy="${height - 260}" rx="28" ry="34" fill="#111"/>
    <rect x="${(figureX - 35).toFixed(0)}" y="${height - 225}" width="70" height="170" rx="25" fill="#111"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

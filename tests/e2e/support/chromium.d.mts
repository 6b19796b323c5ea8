// Types for chromium.mjs (plain JavaScript, so the install script can run it uncompiled).
export declare const SYSTEM_CHROMIUMS: string[];
export declare function chooseChromium(): { kind: "explicit" | "playwright" | "system"; path: string } | null;

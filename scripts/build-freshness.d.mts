// Types for build-freshness.mjs (plain JavaScript, so npm start can run it uncompiled).
export declare const BUILDS: string[];
export declare function buildIsFresh(root?: string): boolean;

// The licence values (docs/product.md, Licences): the default for a member's new photos and
// each photo's own licence. All but the first link to their Creative Commons page.

export const LICENSES = [
  { value: "allrightsreserved", label: "All Rights Reserved", url: null },
  { value: "ccby", label: "CC BY", url: "https://creativecommons.org/licenses/by/4.0/" },
  { value: "ccbysa", label: "CC BY-SA", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
  { value: "ccbync", label: "CC BY-NC", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
  { value: "ccbyncsa", label: "CC BY-NC-SA", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
  { value: "ccbynd", label: "CC BY-ND", url: "https://creativecommons.org/licenses/by-nd/4.0/" },
  { value: "publicdomain", label: "Public Domain", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
] as const;

export type License = (typeof LICENSES)[number]["value"];

export const LICENSE_VALUES = LICENSES.map((license) => license.value) as [License, ...License[]];

export const DEFAULT_LICENSE: License = "allrightsreserved";

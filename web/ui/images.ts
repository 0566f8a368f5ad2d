import { thumbnailUrl } from "../../contract/product-images";

/** A product picture's thumbnail (contract/product-images.ts), or none for no picture. */
export function thumbnail(url: string | undefined): string | undefined {
  return url === undefined ? undefined : thumbnailUrl(url);
}

/**
 * What marks one of a page's main pictures (the hero, a product's photo, the first cards): fetched
 * first, and reported by the browser when painted (Element Timing), which is when a server-drawn
 * page starts its app (web/public/start-after-load.js). Other pictures load as they come.
 */
export function mainPictureProps(main: boolean) {
  // (React passes the lower-case attribute through; its types do not know it.)
  return main
    ? ({ fetchPriority: "high", elementtiming: MAIN_PICTURE } as const)
    : ({ fetchPriority: "auto" } as const);
}

/** The Element Timing name of a page's main pictures (start-after-load.js looks for it). */
export const MAIN_PICTURE = "main-picture";

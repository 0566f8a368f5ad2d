declare module "virtual:art" {
  /** One drawing as a responsive picture (web/art-plugin.ts). */
  export interface Picture {
    /** AVIF then WebP, each at a few widths; empty in development (the SVG is used). */
    sources: { type: string; srcset: string }[];
    src: string;
    width: number;
    height: number;
  }
  /** `sizes` of the banners. */
  export const heroSizes: string;
  /** The media query under which the small-screen drawings are used. */
  export const smallScreen: string;
}

/** One drawing: `virtual:art/mainBanner`, `mainBannerSmall`, `bottomBanner`, `bottomBannerSmall`, `addAddress`. */
declare module "virtual:art/*" {
  import type { Picture } from "virtual:art";
  const picture: Picture;
  export default picture;
}

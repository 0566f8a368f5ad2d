declare module "virtual:art" {
  /** One drawing as a responsive picture (web/art-plugin.ts). */
  export interface Picture {
    /** AVIF then WebP, each at a few widths; empty in development (the SVG is used). */
    sources: { type: string; srcset: string }[];
    src: string;
    width: number;
    height: number;
  }
  const art: {
    mainBanner: Picture;
    mainBannerSmall: Picture;
    bottomBanner: Picture;
    bottomBannerSmall: Picture;
    addAddress: Picture;
    /** `sizes` of the banners. */
    heroSizes: string;
    /** The media query under which the small-screen drawings are used. */
    smallScreen: string;
  };
  export default art;
}

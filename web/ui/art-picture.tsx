import { smallScreen, type Picture } from "virtual:art";
import { mainPictureProps } from "./images";

/**
 * One of our drawings as a responsive picture (AVIF, then WebP, at the widths the build made),
 * optionally with its small-screen drawing under `smallScreen`. The box it fills is sized by
 * the caller's classes, so nothing moves when the picture arrives.
 */
export function ArtPicture({
  picture,
  small,
  alt,
  sizes,
  priority = false,
  className = "",
}: {
  picture: Picture;
  small?: Picture;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <picture>
      {small &&
        (small.sources.length > 0 ? (
          small.sources.map((source) => (
            <source
              key={`small-${source.type}`}
              media={smallScreen}
              type={source.type}
              srcSet={source.srcset}
              sizes={sizes}
            />
          ))
        ) : (
          <source media={smallScreen} srcSet={small.src} />
        ))}
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        alt={alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? "eager" : "lazy"}
        {...mainPictureProps(priority)}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}

import { useState } from "react";
import type { Product } from "../../../../contract/product";
import { mainPictureProps, thumbnail } from "../../../ui/images";

/**
 * A product's pictures: the main one and a thumbnail of each that shows it there. On a phone
 * (under 768 px) the main picture takes the screen's width, edge to edge, with the thumbnails in a
 * strip under it; from 768 px the thumbnails stand in a column beside it. `ready`: the app has
 * taken the server's page over (a thumbnail pressed before would do nothing).
 */
export function ProductGallery({ product, ready }: { product: Product; ready: boolean }) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // A picture chosen on another product (a related one was opened) does not carry over.
  const image = chosen && product.image.includes(chosen) ? chosen : product.image[0];
  return (
    <div className="flex flex-col gap-3 md:flex-row-reverse md:justify-end">
      <div className="-mx-4 overflow-hidden md:mx-0 md:rounded md:border md:border-gray-300">
        <img
          src={image}
          alt={product.name}
          width={480}
          height={480}
          {...mainPictureProps(true)}
          className="aspect-square w-screen max-w-none object-contain md:w-[420px] md:max-w-full"
          data-testid="product-photo"
        />
      </div>
      {product.image.length > 1 && (
        <ul
          className="flex gap-3 overflow-x-auto md:flex-col md:overflow-visible"
          aria-label="Pictures"
        >
          {product.image.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                disabled={!ready}
                onClick={() => setChosen(url)}
                aria-label={`Show picture ${i + 1}`}
                aria-pressed={url === image}
                className="block overflow-hidden rounded border border-gray-300 aria-pressed:border-primary"
              >
                <img
                  src={thumbnail(url)}
                  alt=""
                  width={96}
                  height={96}
                  className="h-16 w-16 object-contain sm:h-20 sm:w-20 md:h-24 md:w-24"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { thumbnailUrl } from "../../../../contract/product-images";
import { IMAGE_ACCEPT } from "./image-files";
import { UploadIcon } from "./seller-icons";
import type { Photo } from "./use-photos";

/** The look of the editor's small buttons. */
export const PHOTO_BUTTON =
  "min-h-11 rounded border px-3 text-sm hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary";

/**
 * One photo of the editor's list (the `index`th of `count`): its picture, Replace, Make main (a
 * kept photo not first) and Remove (not the last photo left). `hintId` names the rules' text.
 */
export function PhotoTile({
  photo,
  index,
  count,
  productName,
  hintId,
  onReplace,
  onMakeMain,
  onRemove,
}: {
  photo: Photo;
  index: number;
  count: number;
  productName: string;
  hintId: string;
  onReplace: (file: File | undefined) => void;
  onMakeMain: () => void;
  onRemove: () => void;
}) {
  const label = `Photo ${index + 1}`;
  return (
    <li className="w-28 space-y-1">
      <img
        src={photo.kind === "kept" ? thumbnailUrl(photo.url) : photo.preview}
        alt={`${productName}, ${label.toLowerCase()}${photo.kind === "new" ? " (new)" : ""}`}
        width={112}
        height={112}
        className="h-28 w-28 rounded border object-contain"
      />
      <div className="flex flex-col gap-1">
        <label
          className={`${PHOTO_BUTTON} flex cursor-pointer items-center justify-center focus-within:ring-2 focus-within:ring-primary`}
        >
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            aria-label={`Replace ${label.toLowerCase()}`}
            aria-describedby={hintId}
            onChange={(e) => {
              onReplace(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          Replace
        </label>
        {index > 0 && photo.kind === "kept" && (
          <button
            type="button"
            onClick={onMakeMain}
            aria-label={`Make ${label.toLowerCase()} the main one`}
            className={PHOTO_BUTTON}
          >
            Make main
          </button>
        )}
        <button
          type="button"
          data-remove
          onClick={onRemove}
          disabled={count === 1}
          aria-label={`Remove ${label.toLowerCase()}`}
          className={`${PHOTO_BUTTON} text-red-700 disabled:cursor-not-allowed disabled:opacity-50`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** The list's last place while there is room for more: choose one or more files to add. */
export function AddPhotoTile({
  hintId,
  onAdd,
}: {
  hintId: string;
  onAdd: (files: File[]) => void;
}) {
  return (
    <li>
      <label className="flex h-28 w-28 cursor-pointer flex-col items-center justify-center gap-1 rounded border-2 border-dashed border-gray-300 text-xs text-gray-600 focus-within:ring-2 focus-within:ring-primary hover:border-primary hover:text-primary">
        <input
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-describedby={hintId}
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
        <UploadIcon />
        Add a photo
      </label>
    </li>
  );
}

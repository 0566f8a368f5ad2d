import { useEffect, useId, useRef } from "react";
import { toast } from "../../../ui/toast";
import type { Product } from "../../../../contract/product";
import { ApiError } from "../../../lib/api-client";
import { useUpdatePhotos } from "../api/product-changes";
import { MAX_PHOTOS } from "./image-files";
import { AddPhotoTile, PHOTO_BUTTON, PhotoTile } from "./photo-tiles";
import { usePhotos } from "./use-photos";

/**
 * A product's photos: remove, replace and add, then send them in one go to
 * `POST /api/product/images` (the photos kept, in order, and the new files after them; 1–4 in all).
 * Render it with `key` set to the product's image list, so that a saved change starts afresh.
 */
export function PhotoEditor({
  product,
  onSaved,
  focusSave = false,
  onUnsavedChange,
}: {
  product: Product;
  onSaved: (product: Product) => void;
  /** Starts with the focus on its save button: it follows a save made there (a new editor). */
  focusSave?: boolean;
  /** Told whether the photos shown differ from the product's, and false when the editor goes. */
  onUnsavedChange?: (unsaved: boolean) => void;
}) {
  const update = useUpdatePhotos();
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSave) saveButton.current?.focus();
    // Only when the editor starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { photos, problem, setProblem, changed, add, replace, makeMain, remove, undo, list } =
    usePhotos(product);
  const hintId = useId();
  useEffect(() => {
    onUnsavedChange?.(changed);
    return () => onUnsavedChange?.(false);
  }, [changed, onUnsavedChange]);

  const save = async () => {
    if (!changed || update.isPending) return;
    setProblem(undefined);
    try {
      const answer = await update.mutateAsync({
        id: product._id,
        keep: photos.flatMap((p) => (p.kind === "kept" ? [p.url] : [])),
        files: photos.flatMap((p) => (p.kind === "new" ? [p.file] : [])),
      });
      toast.success(answer.message);
      onSaved(answer.product);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Could not update the photos.");
    }
  };

  return (
    <section aria-labelledby={`${hintId}-title`} className="space-y-3">
      <h2 id={`${hintId}-title`} className="text-base font-medium">
        Photos
      </h2>
      <p id={hintId} className="text-xs text-gray-500">
        1 to 4 photos: JPEG, PNG, WebP or AVIF, at most 5 MB each. The first is the main one; new
        photos go after the ones you keep (once saved, Make main moves one first). A product keeps
        at least one photo.
      </p>
      <ul ref={list} className="flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <PhotoTile
            key={photo.kind === "kept" ? photo.url : photo.preview}
            photo={photo}
            index={index}
            count={photos.length}
            productName={product.name}
            hintId={hintId}
            onReplace={(file) => replace(index, file)}
            onMakeMain={() => makeMain(index)}
            onRemove={() => remove(index)}
          />
        ))}
        {photos.length < MAX_PHOTOS && <AddPhotoTile hintId={hintId} onAdd={add} />}
      </ul>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          ref={saveButton}
          onClick={() => void save()}
          aria-disabled={!changed || update.isPending}
          aria-busy={update.isPending}
          className="min-h-11 rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull aria-disabled:opacity-50"
        >
          {update.isPending ? "Uploading…" : "Update photos"}
        </button>
        {changed && (
          <button type="button" onClick={undo} className={PHOTO_BUTTON}>
            Undo photo changes
          </button>
        )}
      </div>
    </section>
  );
}

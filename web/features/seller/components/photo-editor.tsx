import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { toast } from "../../../ui/toast";
import type { Product } from "../../../../contract/product";
import { thumbnailUrl } from "../../../../contract/product-images";
import { ApiError } from "../../../lib/api-client";
import { useUpdatePhotos } from "../api/product-changes";
import { IMAGE_ACCEPT, imageFileProblem, MAX_PHOTOS } from "./image-files";
import { UploadIcon } from "./seller-icons";

type Photo = { kind: "kept"; url: string } | { kind: "new"; file: File; preview: string };

const release = (photo: Photo) => photo.kind === "new" && URL.revokeObjectURL(photo.preview);

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
  const [photos, setPhotos] = useState<Photo[]>(() =>
    product.image.map((url) => ({ kind: "kept", url })),
  );
  const [problem, setProblem] = useState<string>();
  const hintId = useId();

  // The previews' object URLs are let go when a photo is dropped or the editor closes.
  const current = useRef(photos);
  useEffect(() => {
    current.current = photos;
  }, [photos]);
  useEffect(() => () => current.current.forEach(release), []);

  const changed =
    photos.some((p) => p.kind === "new") ||
    photos.length !== product.image.length ||
    photos.some((p, i) => p.kind === "kept" && p.url !== product.image[i]);
  useEffect(() => {
    onUnsavedChange?.(changed);
    return () => onUnsavedChange?.(false);
  }, [changed, onUnsavedChange]);

  const toNew = (files: File[]): Photo[] | undefined => {
    const bad = files.map(imageFileProblem).find(Boolean);
    setProblem(bad);
    if (bad) return undefined;
    return files.map((file) => ({ kind: "new", file, preview: URL.createObjectURL(file) }));
  };
  // New pictures go after the ones kept: that is the order the server stores them in.
  const ordered = (list: Photo[]) => [
    ...list.filter((p) => p.kind === "kept"),
    ...list.filter((p) => p.kind === "new"),
  ];

  const add = (files: File[]) => {
    const room = MAX_PHOTOS - photos.length;
    const added = toNew(files.slice(0, room));
    if (!added) return;
    if (files.length > room)
      setProblem(`A product has at most ${MAX_PHOTOS} photos: ${files.length - room} left out.`);
    setPhotos(ordered([...photos, ...added]));
  };
  const replace = (index: number, file: File | undefined) => {
    const added = file && toNew([file]);
    if (!added) return;
    photos.filter((_, i) => i === index).forEach(release);
    setPhotos(ordered(photos.map((p, i) => (i === index ? added[0]! : p))));
  };
  // A button that goes with its photo held the focus: a removed photo's goes to the photo now in
  // its place (its Remove, or Replace when it is the last one left); a photo made the main one
  // keeps it on that photo, now first (its Replace). Never to the page.
  const list = useRef<HTMLUListElement>(null);
  const focusAt = useRef<{ index: number; on: "remove" | "replace" } | null>(null);
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const items = list.current?.querySelectorAll(":scope > li");
    const item = items?.[Math.min(at.index, photos.length - 1)];
    const removeButton = item?.querySelector<HTMLElement>("button[data-remove]:not(:disabled)");
    const replaceInput = item?.querySelector<HTMLElement>("input");
    ((at.on === "remove" ? removeButton : null) ?? replaceInput)?.focus();
  }, [photos]);
  // The main photo is the first: a kept one can be moved there (the server keeps them in order).
  const makeMain = (index: number) => {
    focusAt.current = { index: 0, on: "replace" };
    setProblem(undefined);
    setPhotos([photos[index]!, ...photos.filter((_, i) => i !== index)]);
  };
  const remove = (index: number) => {
    focusAt.current = { index, on: "remove" };
    setProblem(undefined);
    photos.filter((_, i) => i === index).forEach(release);
    setPhotos(photos.filter((_, i) => i !== index));
  };
  const undo = () => {
    setProblem(undefined);
    photos.forEach(release);
    setPhotos(product.image.map((url) => ({ kind: "kept", url })));
  };

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

  const button =
    "min-h-11 rounded border px-3 text-sm hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-primary";
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
        {photos.map((photo, index) => {
          const label = `Photo ${index + 1}`;
          return (
            <li key={photo.kind === "kept" ? photo.url : photo.preview} className="w-28 space-y-1">
              <img
                src={photo.kind === "kept" ? thumbnailUrl(photo.url) : photo.preview}
                alt={`${product.name}, ${label.toLowerCase()}${photo.kind === "new" ? " (new)" : ""}`}
                width={112}
                height={112}
                className="h-28 w-28 rounded border object-contain"
              />
              <div className="flex flex-col gap-1">
                <label
                  className={`${button} flex cursor-pointer items-center justify-center focus-within:ring-2 focus-within:ring-primary`}
                >
                  <input
                    type="file"
                    accept={IMAGE_ACCEPT}
                    className="sr-only"
                    aria-label={`Replace ${label.toLowerCase()}`}
                    aria-describedby={hintId}
                    onChange={(e) => {
                      replace(index, e.target.files?.[0]);
                      e.target.value = "";
                    }}
                  />
                  Replace
                </label>
                {index > 0 && photo.kind === "kept" && (
                  <button
                    type="button"
                    onClick={() => makeMain(index)}
                    aria-label={`Make ${label.toLowerCase()} the main one`}
                    className={button}
                  >
                    Make main
                  </button>
                )}
                <button
                  type="button"
                  data-remove
                  onClick={() => remove(index)}
                  disabled={photos.length === 1}
                  aria-label={`Remove ${label.toLowerCase()}`}
                  className={`${button} text-red-700 disabled:cursor-not-allowed disabled:opacity-50`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
        {photos.length < MAX_PHOTOS && (
          <li>
            <label className="flex h-28 w-28 cursor-pointer flex-col items-center justify-center gap-1 rounded border-2 border-dashed border-gray-300 text-xs text-gray-600 focus-within:ring-2 focus-within:ring-primary hover:border-primary hover:text-primary">
              <input
                type="file"
                multiple
                accept={IMAGE_ACCEPT}
                className="sr-only"
                aria-describedby={hintId}
                onChange={(e) => {
                  add([...(e.target.files ?? [])]);
                  e.target.value = "";
                }}
              />
              <UploadIcon />
              Add a photo
            </label>
          </li>
        )}
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
          <button type="button" onClick={undo} className={button}>
            Undo photo changes
          </button>
        )}
      </div>
    </section>
  );
}

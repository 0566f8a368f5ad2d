import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Product } from "../../../../contract/product";
import { imageFileProblem, MAX_PHOTOS } from "./image-files";

export type Photo = { kind: "kept"; url: string } | { kind: "new"; file: File; preview: string };

const release = (photo: Photo) => photo.kind === "new" && URL.revokeObjectURL(photo.preview);

/**
 * The photos PhotoEditor shows for `product`, and its changes to them: add, replace, make main,
 * remove, undo; `problem` says why a change was refused (`setProblem` for the save's). `list` is
 * the list's element, where the focus stays as photos go and move.
 */
export function usePhotos(product: Product) {
  const [photos, setPhotos] = useState<Photo[]>(() =>
    product.image.map((url) => ({ kind: "kept", url })),
  );
  const [problem, setProblem] = useState<string>();

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
  return { photos, problem, setProblem, changed, add, replace, makeMain, remove, undo, list };
}

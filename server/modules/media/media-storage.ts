import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded and generated images live. The store writes through this interface only, so a
 * bucket (S3, R2...) can replace the local folder without touching the product code.
 */
export interface MediaStorage {
  /** Stores bytes under a server-chosen name and returns the public URL (`/media/<name>`). */
  save(name: string, data: Buffer): Promise<string>;
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}

/** Names are always made by the server; this is what they look like. */
export const mediaNamePattern = /^[a-z0-9][a-z0-9-]{0,120}\.(webp|png|jpg|avif)$/;

export function mediaUrl(name: string): string {
  return `/media/${name}`;
}

export class LocalMediaStorage implements MediaStorage {
  constructor(readonly folder: string) {}

  async save(name: string, data: Buffer): Promise<string> {
    assertName(name);
    await fs.mkdir(this.folder, { recursive: true });
    // Write to a temporary name first so a reader never sees half a file.
    const target = path.join(this.folder, name);
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    } catch (error) {
      // A full disk must not leave a half-written temporary file behind.
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return mediaUrl(name);
  }

  async remove(name: string): Promise<void> {
    assertName(name);
    await fs.rm(path.join(this.folder, name), { force: true });
  }

  async exists(name: string): Promise<boolean> {
    assertName(name);
    return fs.access(path.join(this.folder, name)).then(
      () => true,
      () => false,
    );
  }
}

function assertName(name: string): void {
  if (!mediaNamePattern.test(name)) throw new Error(`Invalid media name: ${name}`);
}

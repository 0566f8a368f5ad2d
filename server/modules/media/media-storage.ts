import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { media } from "../../db/schema";

/**
 * Where uploaded and generated images live. The store writes through this interface only: a
 * folder in DATA_DIR (one machine), or the PostgreSQL database (MEDIA_STORE=database, the default
 * with DATABASE_URL), so store processes on several machines serve every image without sharing a
 * folder (docs/decisions/012-media-in-the-database.md).
 */
export interface MediaStorage {
  /** Stores bytes under a server-chosen name and returns its path (`/media/<name>`). */
  save(name: string, data: Buffer): Promise<string>;
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  read(name: string): Promise<Buffer | undefined>;
}

/** Names are always made by the server; this is what they look like. */
export const mediaNamePattern = /^[a-z0-9][a-z0-9-]{0,120}\.(webp|png|jpg|avif)$/;

const contentTypes: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  avif: "image/avif",
};

export function mediaContentType(name: string): string {
  return contentTypes[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** The path a stored image is served at; rows keep these, answers make them absolute. */
export function mediaPath(name: string): string {
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
    return mediaPath(name);
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

  async read(name: string): Promise<Buffer | undefined> {
    if (!mediaNamePattern.test(name)) return undefined;
    return fs.readFile(path.join(this.folder, name)).catch(() => undefined);
  }
}

export class DatabaseMediaStorage implements MediaStorage {
  constructor(private readonly db: Executor) {}

  async save(name: string, data: Buffer): Promise<string> {
    assertName(name);
    await this.db
      .insert(media)
      .values({ name, contentType: mediaContentType(name), data })
      .onConflictDoUpdate({ target: media.name, set: { data } });
    return mediaPath(name);
  }

  async remove(name: string): Promise<void> {
    assertName(name);
    await this.db.delete(media).where(eq(media.name, name));
  }

  async exists(name: string): Promise<boolean> {
    assertName(name);
    const [row] = await this.db
      .select({ name: media.name })
      .from(media)
      .where(eq(media.name, name))
      .limit(1);
    return Boolean(row);
  }

  async read(name: string): Promise<Buffer | undefined> {
    if (!mediaNamePattern.test(name)) return undefined;
    const [row] = await this.db
      .select({ data: media.data })
      .from(media)
      .where(eq(media.name, name))
      .limit(1);
    return row?.data;
  }
}

function assertName(name: string): void {
  if (!mediaNamePattern.test(name)) throw new Error(`Invalid media name: ${name}`);
}

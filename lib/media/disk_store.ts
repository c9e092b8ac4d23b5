/** The default media store: files under `DATA_DIR/media`, for one instance. */
import { dirname, resolve, sep } from "node:path";
import { isMediaPath, type MediaStore, prepareUpload } from "./store.ts";

export function mediaRoot(dataDir: string): string {
  return resolve(dataDir, "media");
}

/** The absolute path of a stored file, or undefined when `relative` is not a media path. */
export function mediaFile(dataDir: string, relative: string): string | undefined {
  if (!isMediaPath(relative)) return undefined;
  const root = mediaRoot(dataDir);
  const absolute = resolve(root, relative);
  return absolute.startsWith(root + sep) ? absolute : undefined;
}

function isNotFound(err: unknown): boolean {
  return err instanceof Deno.errors.NotFound;
}

export function createDiskMediaStore(dataDir: string): MediaStore {
  return {
    description: `the data folder (${mediaRoot(dataDir)})`,

    async save(companyId, area, file) {
      const { bytes, ...stored } = await prepareUpload(companyId, area, file);
      const absolute = mediaFile(dataDir, stored.path);
      if (!absolute) throw new Error(`Media path outside the media folder: ${stored.path}`);
      await Deno.mkdir(dirname(absolute), { recursive: true });
      await Deno.writeFile(absolute, bytes, { createNew: true });
      return stored;
    },

    async open(path) {
      const absolute = mediaFile(dataDir, path);
      if (!absolute) return undefined;
      let opened: Deno.FsFile;
      try {
        opened = await Deno.open(absolute);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
      const info = await opened.stat();
      if (!info.isFile) {
        opened.close();
        return undefined;
      }
      return { body: opened.readable, size: info.size };
    },

    async read(path) {
      const absolute = mediaFile(dataDir, path);
      if (!absolute) return undefined;
      try {
        return await Deno.readFile(absolute);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async remove(path) {
      const absolute = mediaFile(dataDir, path);
      if (!absolute) return;
      try {
        await Deno.remove(absolute);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    close() {},
  };
}

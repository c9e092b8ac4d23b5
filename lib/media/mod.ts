/** Uploaded media: one store interface, on disk or in an S3-compatible object store. */
export { createDiskMediaStore, mediaFile, mediaRoot } from "./disk_store.ts";
export { createS3MediaStore } from "./s3_store.ts";
export { parseS3Url, type S3Location } from "./s3_url.ts";
export {
  displayName,
  isMediaPath,
  MAX_MEDIA_BYTES,
  type MediaObject,
  type MediaStore,
  type StoredMedia,
} from "./store.ts";
import { createDiskMediaStore } from "./disk_store.ts";
import { createS3MediaStore } from "./s3_store.ts";
import type { S3Location } from "./s3_url.ts";
import type { MediaStore } from "./store.ts";

/** The object store when one is configured, else the data folder. */
export function openMediaStore(
  options: { dataDir: string; s3?: S3Location },
): Promise<MediaStore> {
  return options.s3
    ? createS3MediaStore(options.s3)
    : Promise.resolve(createDiskMediaStore(options.dataDir));
}

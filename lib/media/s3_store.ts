/**
 * Media in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2…), so that
 * several instances behind a load balancer see the same files. The object key is the media
 * path the database keeps. Requests use path-style addresses (`endpoint/bucket/key`), which
 * every S3-compatible store accepts. The official client is loaded only when a store is
 * configured: it costs memory a single-instance installation does not need.
 */
import type { S3Location } from "./s3_url.ts";
import { isMediaPath, type MediaStore, prepareUpload } from "./store.ts";
import { fileTypeOf } from "./types.ts";

/** Opens the store, creating the bucket when it does not exist yet. */
export async function createS3MediaStore(location: S3Location): Promise<MediaStore> {
  const s3 = await import("@aws-sdk/client-s3");
  const client = new s3.S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
    },
  });
  const Bucket = location.bucket;

  try {
    await client.send(new s3.HeadBucketCommand({ Bucket }));
  } catch (err) {
    if (!(err instanceof s3.NotFound) && (err as { name?: string }).name !== "NotFound") {
      client.destroy();
      throw err;
    }
    await client.send(new s3.CreateBucketCommand({ Bucket }));
  }

  /** The object, or undefined when the key is not a media path or does not exist. */
  async function get(path: string) {
    if (!isMediaPath(path)) return undefined;
    try {
      return await client.send(new s3.GetObjectCommand({ Bucket, Key: path }));
    } catch (err) {
      if (err instanceof s3.NoSuchKey || (err as { name?: string }).name === "NoSuchKey") {
        return undefined;
      }
      throw err;
    }
  }

  return {
    description: `the object store ${location.endpoint}/${Bucket}`,

    async save(companyId, area, file) {
      const { bytes, ...stored } = await prepareUpload(companyId, area, file);
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: stored.path,
          Body: bytes,
          ContentType: fileTypeOf(stored.name)?.mime,
        }),
      );
      return stored;
    },

    async open(path) {
      const object = await get(path);
      if (!object?.Body) return undefined;
      return { body: object.Body.transformToWebStream(), size: object.ContentLength ?? 0 };
    },

    async read(path) {
      const object = await get(path);
      return object?.Body ? await object.Body.transformToByteArray() : undefined;
    },

    async remove(path) {
      if (!isMediaPath(path)) return;
      // Deleting a key that does not exist succeeds in S3.
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: path }));
    },

    close() {
      client.destroy();
    },
  };
}

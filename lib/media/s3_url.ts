/**
 * `MEDIA_S3_URL`: where an S3-compatible object store keeps the media, in one variable:
 * `https://ACCESS_KEY:SECRET_KEY@s3.example.com/bucket?region=us-east-1`. The scheme and host
 * are the store's endpoint, the first path segment is the bucket, the user and password are
 * the access key and its secret (percent-encoded where needed); the region defaults to
 * us-east-1, which is what most S3-compatible stores expect.
 */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The location in `url`, or a sentence saying what is wrong with it. */
export function parseS3Url(url: string): S3Location | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "not a URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return "the scheme must be https (or http for a store on this machine)";
  }
  const bucket = parsed.pathname.split("/").filter(Boolean);
  if (bucket.length !== 1 || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket[0]!)) {
    return "the path must be one valid bucket name, e.g. /balcao-media";
  }
  if (!parsed.username || !parsed.password) {
    return "the access key and secret must be given as user and password";
  }
  return {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    bucket: bucket[0]!,
    region: parsed.searchParams.get("region") || "us-east-1",
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

/** Upload limits shared by the server and the browser's own checks. */

/** WhatsApp's own limit for most media. */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

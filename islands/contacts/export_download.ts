/**
 * Downloads the export (`GET /api/contacts/export`) as contacts.csv. It goes through fetch
 * rather than a plain link so that an access cookie that expired while the page sat open is
 * renewed first, like every other call, instead of the browser saving an error as the file.
 */
import { ApiError, refreshSession } from "../../lib/client/api.ts";

export const EXPORT_PATH = "/api/contacts/export";

export async function downloadContactsCsv(): Promise<void> {
  const get = () => fetch(EXPORT_PATH, { credentials: "same-origin" });
  let response = await get();
  if (response.status === 403) {
    await response.body?.cancel();
    if (await refreshSession()) response = await get();
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body.error ?? `ERR_HTTP_${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = "contacts.csv";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

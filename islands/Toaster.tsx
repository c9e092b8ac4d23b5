/**
 * Shows the toasts pushed through `lib/ui/toast.ts`, newest at the bottom, in a live region
 * so screen readers announce them. Mount once per page; it takes no props. On a page that
 * keeps a composer at the bottom (marked `data-toasts-top`, the ticket screen) they drop from
 * the top instead, so they never cover the reply box or its send button.
 */
import { useT } from "../lib/i18n/client.ts";
import { dismissToast, type ToastItem, toasts } from "../lib/ui/toast.ts";
import { Toast } from "../components/ui/Toast.tsx";
import type { TFunction } from "../lib/i18n/languages.ts";

export default function Toaster() {
  const t = useT();
  const items = toasts.value;
  return (
    <div
      role="region"
      aria-label={t("toast.region")}
      aria-live="polite"
      class="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-5 sm:bottom-5 sm:w-96 [body:has([data-toasts-top])_&]:top-16 [body:has([data-toasts-top])_&]:bottom-auto"
    >
      {items.map((item) => (
        <Toast
          key={item.id}
          tone={item.tone}
          message={messageOf(item, t)}
          dismissLabel={t("toast.dismiss")}
          onDismiss={() => dismissToast(item.id)}
          class="animate-toast-in"
        />
      ))}
    </div>
  );
}

function messageOf(item: ToastItem, t: TFunction): string {
  if (!item.messageKey) return item.message ?? "";
  const fallback = item.message ?? t("errors.generic");
  return t(item.messageKey, { ...item.values, defaultValue: fallback });
}

/**
 * A QR code drawn as SVG (WhatsApp pairing, Pix payments): the dark modules as one path, with
 * the quiet zone the standard asks for, on white whatever the theme so any camera reads it.
 */
import { encode } from "uqr";
import { cx } from "./cx.ts";

/** The QR's dark modules as one SVG path. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    })
  );
  return { size, path };
}

export function QrCode(
  { text, label, testId, class: extra }: {
    text: string;
    label: string;
    testId?: string;
    class?: string;
  },
) {
  const qr = qrPath(text);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shape-rendering="crispEdges"
      data-testid={testId}
      class={cx("max-w-full rounded-lg bg-white p-1 ring-1 ring-line", extra)}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#111" />
    </svg>
  );
}

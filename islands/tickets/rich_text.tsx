/**
 * WhatsApp's text formatting drawn as elements (never as HTML, so a message cannot inject
 * markup): *bold*, _italic_, ~strike~ and ```monospace```, and links made clickable.
 */
import type { ComponentChildren } from "preact";

const TOKEN = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~|```[^`]+```|https?:\/\/[^\s<]+)/g;

/** `links: false` leaves addresses as text (inside something clickable already). */
export function richText(text: string, { links = true } = {}): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(!links && token.startsWith("http") ? token : formatted(token, parts.length));
    last = at + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function formatted(token: string, key: number): ComponentChildren {
  if (token.startsWith("http")) {
    return (
      <a
        key={key}
        href={token}
        target="_blank"
        rel="noopener noreferrer"
        class="underline break-all"
      >
        {token}
      </a>
    );
  }
  if (token.startsWith("```")) {
    return <code key={key} class="font-mono text-[0.92em]">{token.slice(3, -3)}</code>;
  }
  const inner = token.slice(1, -1);
  if (token[0] === "*") return <strong key={key}>{inner}</strong>;
  if (token[0] === "_") return <em key={key}>{inner}</em>;
  return <s key={key}>{inner}</s>;
}

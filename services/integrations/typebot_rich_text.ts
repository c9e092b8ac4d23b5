/**
 * Typebot's rich text (Slate/Plate blocks) as WhatsApp writes it, following the WhatsApp
 * flavour of Typebot's own converter (github.com/baptisteArno/typebot.io,
 * packages/rich-text/src/convertRichTextToMarkdown.ts): `*bold*`, `_italic_`, `~struck~`;
 * underline has no WhatsApp mark and stays plain (it is not a strike); spaces at the edges of
 * a marked run go outside the markers, since WhatsApp ignores `*Ana *`; one line per
 * paragraph, an empty paragraph an empty line; list items with "-" or "1.", a nested list
 * indented under its item; a link's text with its address.
 */
export interface RichNode {
  text?: string;
  type?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

/** A text leaf with its marks, the spaces at its edges kept outside them. */
function markedText(node: RichNode & { text: string }): string {
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(node.text)!;
  if (!core) return node.text;
  let text = core;
  if (node.italic) text = `_${text}_`;
  if (node.bold) text = `*${text}*`;
  if (node.strikethrough) text = `~${text}~`;
  return `${lead}${text}${trail}`;
}

function inline(node: RichNode): string {
  if (node.text !== undefined) return markedText(node as RichNode & { text: string });
  const inner = (node.children ?? []).map(inline).join("");
  if (node.type === "a" && node.url) {
    return inner && inner !== node.url ? `${inner} (${node.url})` : node.url;
  }
  return inner;
}

const isList = (node: RichNode) => node.type === "ul" || node.type === "ol";

/** A list's lines, each nested list two spaces further in than its item. */
function listLines(list: RichNode, depth: number): string[] {
  const indent = "  ".repeat(depth);
  return (list.children ?? []).flatMap((item, at) => {
    const marker = list.type === "ol" ? `${at + 1}.` : "-";
    const parts = item.children ?? [];
    const nested = parts.filter(isList);
    // An item holds its content (`lic`, or plain leaves) and maybe nested lists.
    const own = parts.filter((part) => !isList(part)).map(inline).join("").trim();
    return [
      `${indent}${marker} ${own}`,
      ...nested.flatMap((sub) => listLines(sub, depth + 1)),
    ];
  });
}

export function richTextToWhatsapp(blocks: readonly RichNode[]): string {
  return blocks.map((block) => isList(block) ? listLines(block, 0).join("\n") : inline(block))
    .join("\n").trim();
}

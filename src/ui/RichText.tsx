import DOMPurify from "dompurify";
import { useMemo } from "react";

// Only text formatting, lists, links and images: no scripts, styles, frames, forms or event handlers.
const ALLOWED = {
  ALLOWED_TAGS: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a", "img", "span"],
  ALLOWED_ATTR: ["href", "src", "alt", "title"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|data:image\/(?:png|jpeg|webp);|\/|#)/i,
};

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sanitizeHtml(html: string): string {
  // a browser DOMPurify cannot protect gets the words only, never the markup
  if (!DOMPurify.isSupported) return `<p>${escapeText(html.replace(/<[^>]*>/g, " "))}</p>`;
  return DOMPurify.sanitize(html, ALLOWED);
}

/** Operator-written rich text, sanitised before it reaches the page. */
export function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}

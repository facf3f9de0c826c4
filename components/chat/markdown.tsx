// Message text as markdown (single newlines are line breaks, as in chat apps), safely: react-markdown builds React elements (never
// innerHTML), raw HTML in the source is shown as text, and the URL transform drops
// javascript:, data: and other unsafe link/image schemes.
import ReactMarkdown, { defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import remarkBreaks from "remark-breaks";
import type { Components } from "react-markdown";
import { MENTION_ELEMENT, remarkMentions } from "./remark-mentions";
import { EntityMention, SpaceMention } from "./mention-names";

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // Images would let any message make the reader's browser fetch arbitrary URLs; show links instead.
  img: ({ src, alt }) => (
    <a href={typeof src === "string" ? src : undefined} target="_blank" rel="noopener noreferrer nofollow">
      {alt || "image"}
    </a>
  ),
  // Mention references (remark-mentions.ts): @Name / #channel with the names of now.
  ...({
    [MENTION_ELEMENT]: ({ node }: { node?: { properties?: Record<string, unknown> } }) => {
      const target = String(node?.properties?.target ?? "");
      return node?.properties?.kind === "space" ? <SpaceMention id={target} /> : <EntityMention id={target} />;
    },
  } as Components),
};

export function Markdown({ text }: { text: string }) {
  return (
    <div className="md break-words text-[0.9375rem] leading-relaxed">
      <ReactMarkdown remarkPlugins={[remarkGfm, remarkBreaks, remarkMentions]} skipHtml={false} urlTransform={defaultUrlTransform} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

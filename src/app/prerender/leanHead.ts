/**
 * index.html is the one file every visit waits for, and it is sent whole in the first round trip only while it stays
 * under about 14 kB on the wire (TCP's first congestion window: ten segments of 1,460 bytes, headers included); one
 * byte more costs a full round trip (docs/decisions/156-home-paints-before-its-code.md). The head as written keeps
 * comments for the people who read it; the build sends it without them. Only the head's HTML comments: React's
 * markers in the prerendered body (`<!--$-->`, `<!-- -->`) are part of what hydration reads, and so are
 * styled-components' `/*!sc*\/` markers in its style tag.
 */
export function leanHead(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('leanHead: no </head>');
  // A comment's line goes with it, when the comment was alone on it. `(?!-->)` keeps each match to one comment.
  const comments = /\n[ \t]*<!--(?:(?!-->)[\s\S])*-->[ \t]*(?=\n)|<!--(?:(?!-->)[\s\S])*-->/g;
  const head = html.slice(0, end).replace(comments, '');
  return head + html.slice(end);
}

/** Doc 2 §5: links in rendered markdown only for these protocols, or relative. */
const allowedProtocol = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * react-markdown's `urlTransform`: keeps a URL whose protocol is http, https,
 * irc, ircs, mailto or xmpp, or that is relative (no protocol: '/services',
 * '#top', 'tips?a=b:c'); anything else (javascript:, data:, vbscript:, file:
 * ...) becomes undefined, so the link or image is rendered without it and
 * does nothing.
 */
export function safeUrl(url: string): string | undefined {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  // A colon after the first '/', '?' or '#' is part of a relative URL, not a protocol.
  const firstDelimiter = url.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return url;
  return allowedProtocol.test(url.slice(0, colon)) ? url : undefined;
}

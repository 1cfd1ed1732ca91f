import { business } from '../business';
import { escapeHtml } from './html';
import type { Mail } from './index';

/**
 * A mail with a plain-text body and a simple HTML one with the same words.
 * A block is a paragraph, a link, or a list of labelled fields (a form's
 * content). Every value is escaped in the HTML body: much of it came from a
 * visitor. Every mail is signed with the shop's name and area.
 */
export type MailBlock =
  string | { href: string; label: string } | { fields: [label: string, value: string][] };

function asText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('href' in block) return `${block.label}: ${block.href}`;
  return block.fields
    .map(([label, value]) => `${label}: ${value.includes('\n') ? `\n${value}` : value}`)
    .join('\n');
}

function asHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('href' in block) return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
  const rows = block.fields.map(
    ([label, value]) =>
      `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  );
  return `<table cellpadding="4">${rows.join('')}</table>`;
}

export function composeMail(message: Omit<Mail.Message, 'text' | 'html'>, blocks: MailBlock[]): Mail.Message {
  const all = [...blocks, `— ${business.name}, ${business.area}`];
  return { ...message, text: all.map(asText).join('\n\n'), html: all.map(asHtml).join('\n') };
}

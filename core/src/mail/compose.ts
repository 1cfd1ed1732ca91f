import { business } from '../business';
import { escapeHtml } from './html';
import type { Mail } from './index';

/**
 * A mail with a plain-text body and a simple HTML one with the same words.
 * A block is a paragraph, or a list of labelled fields (a form's content).
 * Every value is escaped in the HTML body: most of it came from a visitor.
 */
export type MailBlock = string | { fields: [label: string, value: string][] };

export function composeMail(message: Omit<Mail.Message, 'text' | 'html'>, blocks: MailBlock[]): Mail.Message {
  const signature = `— ${business.name}, ${business.area}`;
  const text = [
    ...blocks.map((block) =>
      typeof block === 'string'
        ? block
        : block.fields
            .map(([label, value]) => `${label}: ${value.includes('\n') ? `\n${value}` : value}`)
            .join('\n'),
    ),
    signature,
  ].join('\n\n');
  const html = [
    ...blocks.map((block) =>
      typeof block === 'string'
        ? `<p>${escapeHtml(block)}</p>`
        : `<table cellpadding="4">${block.fields
            .map(
              ([label, value]) =>
                `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
            )
            .join('')}</table>`,
    ),
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return { ...message, text, html };
}
